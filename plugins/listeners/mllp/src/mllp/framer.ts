const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

export type Frame =
  | { readonly kind: 'message'; readonly bytes: Buffer }
  /** Larger than the limit: only its first `limit` bytes are kept (enough to read its MSH and answer it). */
  | { readonly kind: 'oversize'; readonly head: Buffer; readonly size: number };

/**
 * MLLP framing (`<VT> message <FS><CR>`) over a byte stream that arrives in arbitrary chunks. Bytes outside a
 * frame are skipped (and counted); a frame ends at FS (the CR after it, even in the next chunk, lies outside
 * any frame). Memory per connection is bounded by the limit plus the chunk not yet read through.
 *
 * `feed` + `next` take one frame at a time, so a caller can stop taking frames (and stop reading its socket)
 * while a chunk still holds thousands of tiny ones; `push` takes them all.
 */
export class MllpFramer {
  private parts: Buffer[] = [];
  private size = 0;
  private inFrame = false;
  private input: Buffer | undefined;
  private at = 0;
  /** Bytes received outside any frame (noise, a CR after FS is not counted). */
  skipped = 0;

  constructor(private readonly limit: number) {}

  /** Every frame the chunk completes (with what earlier chunks left). */
  push(chunk: Buffer): Frame[] {
    this.feed(chunk);
    const frames: Frame[] = [];
    for (let f = this.next(); f; f = this.next()) frames.push(f);
    return frames;
  }

  /** Adds a chunk behind the bytes not yet read through. */
  feed(chunk: Buffer): void {
    this.input = this.unread ? Buffer.concat([this.input!.subarray(this.at), chunk]) : chunk;
    this.at = 0;
  }

  /** True while fed bytes remain that `next` has not looked at. */
  get unread(): boolean {
    return this.input !== undefined && this.at < this.input.length;
  }

  /** True while a frame has begun (VT seen) and not ended. */
  get partial(): boolean {
    return this.inFrame;
  }

  /** The next complete frame in the fed bytes, or undefined once they are read through. */
  next(): Frame | undefined {
    const chunk = this.input;
    if (!chunk) return undefined;
    let i = this.at;
    while (i < chunk.length) {
      if (!this.inFrame) {
        const start = chunk.indexOf(VT, i);
        const end = start < 0 ? chunk.length : start;
        this.skipNoise(chunk, i, end);
        if (start < 0) break;
        this.inFrame = true;
        i = start + 1;
        continue;
      }
      const stop = firstOf(chunk, i);
      if (stop < 0) {
        this.append(chunk.subarray(i));
        break;
      }
      this.append(chunk.subarray(i, stop));
      i = stop + 1;
      if (chunk[stop] === FS) {
        this.consumed(i);
        return this.finish();
      }
      this.restart();
    }
    this.consumed(chunk.length);
    return undefined;
  }

  private consumed(upTo: number): void {
    this.at = upTo;
    if (this.input && this.at >= this.input.length) {
      this.input = undefined;
      this.at = 0;
    }
  }

  private skipNoise(chunk: Buffer, from: number, to: number): void {
    for (let k = from; k < to; k++) if (chunk[k] !== CR && chunk[k] !== 0x0a) this.skipped++;
  }

  private append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    const room = this.limit - Math.min(this.size, this.limit);
    if (room > 0) this.parts.push(bytes.length > room ? bytes.subarray(0, room) : bytes);
    this.size += bytes.length;
  }

  private finish(): Frame {
    const bytes = Buffer.concat(this.parts);
    const size = this.size;
    this.reset();
    this.inFrame = false;
    return size > this.limit ? { kind: 'oversize', head: bytes, size } : { kind: 'message', bytes };
  }

  /** A VT inside a frame: the sender gave up on the frame before; its bytes are dropped. */
  private restart(): void {
    this.skipped += this.size;
    this.reset();
  }

  private reset(): void {
    this.parts = [];
    this.size = 0;
  }
}

function firstOf(chunk: Buffer, from: number): number {
  const fs = chunk.indexOf(FS, from);
  const vt = chunk.indexOf(VT, from);
  if (fs < 0) return vt;
  return vt < 0 ? fs : Math.min(fs, vt);
}

/** One message framed for the wire. */
export function frame(text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const out = Buffer.allocUnsafe(body.length + 3);
  out[0] = VT;
  body.copy(out, 1);
  out[body.length + 1] = FS;
  out[body.length + 2] = CR;
  return out;
}
