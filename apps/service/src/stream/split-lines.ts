import type { Readable } from 'node:stream';

export interface Line {
  /** The line's bytes without its terminator; `undefined` when it was longer than the limit (then skipped). */
  readonly bytes: Buffer | undefined;
  readonly number: number;
}

export interface SplitOptions {
  /**
   * `false`: a line that lies within one read chunk is a view of that chunk, not a copy, which keeps the whole
   * chunk alive for as long as the line lives. For callers that copy the line at once anyway (default `true`).
   */
  readonly copy?: boolean;
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * The lines of a byte stream, ended by LF, CRLF or a lone CR (HL7 v2 ends segments with CR). Bytes, not text:
 * the normalisers decode each record by its own declared character set. A line longer than `maxBytes` is
 * reported with `bytes: undefined` rather than held in memory.
 */
export async function* splitLines(
  stream: Readable,
  maxBytes: number,
  onBytes: (n: number) => void,
  options: SplitOptions = {},
): AsyncGenerator<Line> {
  const copy = options.copy ?? true;
  let parts: Buffer[] = [];
  let held = 0;
  let tooLong = false;
  let number = 1;
  let afterCr = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    let start = 0;
    // the next CR and LF at or after `start` (native scans; -1: none left in this chunk)
    let nextCr = chunk.indexOf(CR);
    let nextLf = chunk.indexOf(LF);
    for (;;) {
      if (nextCr !== -1 && nextCr < start) nextCr = chunk.indexOf(CR, start);
      if (nextLf !== -1 && nextLf < start) nextLf = chunk.indexOf(LF, start);
      const i = nextCr === -1 ? nextLf : nextLf === -1 ? nextCr : Math.min(nextCr, nextLf);
      if (i === -1) break;
      if (chunk[i] === LF && afterCr && i === start) {
        // the LF of a CRLF whose CR ended the previous line
        start = i + 1;
        afterCr = false;
        continue;
      }
      // a line may end in the chunk it started in: the limit holds there too, not only across chunks
      if (held + i - start > maxBytes) tooLong = true;
      if (!tooLong) parts.push(chunk.subarray(start, i));
      yield { bytes: tooLong ? undefined : join(parts, copy), number: number++ };
      parts = [];
      held = 0;
      tooLong = false;
      afterCr = chunk[i] === CR;
      start = i + 1;
    }
    if (start < chunk.length) {
      afterCr = false;
      held += chunk.length - start;
      if (held > maxBytes) {
        tooLong = true;
        parts = [];
      } else parts.push(chunk.subarray(start));
    }
  }
  if (held > 0 || tooLong) yield { bytes: tooLong ? undefined : join(parts, copy), number };
}

function join(parts: Buffer[], copy: boolean): Buffer {
  if (parts.length !== 1) return Buffer.concat(parts);
  // copied by default: a subarray would keep the whole read chunk alive for as long as the line lives
  return copy ? Buffer.from(parts[0] as Buffer) : (parts[0] as Buffer);
}
