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
 * Called for each line: its bytes are `bytes[start, end)`, or `bytes` is `undefined` when the line was longer than
 * the limit. `view`: `bytes` is a read chunk (the line a stretch of it, followed there by its terminator at `end`
 * when it ended in this chunk); otherwise `bytes` is the line alone, joined from the chunks it spanned.
 */
export type LineVisitor = (
  bytes: Buffer | undefined,
  start: number,
  end: number,
  number: number,
  view: boolean,
) => void;

/**
 * Lines of a byte stream, ended by LF, CRLF or a lone CR (HL7 v2 ends segments with CR), chunk by chunk and
 * synchronously: a reader that consumes every line of a chunk at once pays one asynchronous step per chunk, not
 * one per line (`mapx run` reads on the thread that feeds every evaluation thread). Bytes, not text: the
 * normalisers decode each record by its own declared character set. A line longer than `maxBytes` is reported
 * with `bytes: undefined` rather than held in memory.
 */
export class LineSplitter {
  private readonly copy: boolean;
  private parts: Buffer[] = [];
  private held = 0;
  private tooLong = false;
  private number = 1;
  private afterCr = false;

  constructor(
    private readonly maxBytes: number,
    options: SplitOptions = {},
  ) {
    this.copy = options.copy ?? true;
  }

  /** The lines that end in this chunk; the rest is held for the next. */
  push(chunk: Buffer): Line[] {
    return this.lines((visit) => this.scan(chunk, visit));
  }

  /** The last line, when the stream did not end with a terminator. */
  end(): Line[] {
    return this.lines((visit) => this.scanEnd(visit));
  }

  /**
   * Each line that ends in this chunk, as positions in the chunk where it lies within it: no object per line, for
   * readers that look at each line's bytes and keep few of them (HL7 v2 segments). The rest is held for the next.
   */
  scan(chunk: Buffer, visit: LineVisitor): void {
    let start = 0;
    // the next CR and LF at or after `start` (native scans; -1: none left in this chunk)
    let nextCr = chunk.indexOf(CR);
    let nextLf = chunk.indexOf(LF);
    for (;;) {
      if (nextCr !== -1 && nextCr < start) nextCr = chunk.indexOf(CR, start);
      if (nextLf !== -1 && nextLf < start) nextLf = chunk.indexOf(LF, start);
      const i = nextCr === -1 ? nextLf : nextLf === -1 ? nextCr : Math.min(nextCr, nextLf);
      if (i === -1) break;
      if (chunk[i] === LF && this.afterCr && i === start) {
        // the LF of a CRLF whose CR ended the previous line
        start = i + 1;
        this.afterCr = false;
        continue;
      }
      // a line may end in the chunk it started in: the limit holds there too, not only across chunks
      if (this.held + i - start > this.maxBytes) this.tooLong = true;
      if (this.parts.length === 0 && !this.tooLong) visit(chunk, start, i, this.number++, true);
      else {
        if (!this.tooLong) this.parts.push(chunk.subarray(start, i));
        this.take(visit);
      }
      this.afterCr = chunk[i] === CR;
      start = i + 1;
    }
    if (start < chunk.length) {
      this.afterCr = false;
      this.held += chunk.length - start;
      if (this.held > this.maxBytes) {
        this.tooLong = true;
        this.parts = [];
      } else this.parts.push(chunk.subarray(start));
    }
  }

  /** The last line, when the stream did not end with a terminator. */
  scanEnd(visit: LineVisitor): void {
    if (this.held > 0 || this.tooLong) this.take(visit);
  }

  private take(visit: LineVisitor): void {
    const [parts, number] = [this.parts, this.number++];
    this.parts = [];
    this.held = 0;
    if (this.tooLong) visit(undefined, 0, 0, number, false);
    else if (parts.length === 1) visit(parts[0] as Buffer, 0, (parts[0] as Buffer).length, number, true);
    else {
      const joined = Buffer.concat(parts);
      visit(joined, 0, joined.length, number, false);
    }
    this.tooLong = false;
  }

  /** The lines a scan visits, each as an object of its own bytes. */
  private lines(scan: (visit: LineVisitor) => void): Line[] {
    const lines: Line[] = [];
    scan((bytes, start, end, number, view) => {
      if (bytes === undefined || !view) lines.push({ bytes, number });
      else {
        const line = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
        // copied by default: a view would keep the whole read chunk alive for as long as the line lives
        lines.push({ bytes: this.copy ? Buffer.from(line) : line, number });
      }
    });
    return lines;
  }
}

/** The lines of each chunk of a byte stream, as `LineSplitter` finds them (the last batch: the unended line). */
export async function* lineBatches(
  stream: Readable,
  maxBytes: number,
  onBytes: (n: number) => void,
  options: SplitOptions = {},
): AsyncGenerator<Line[]> {
  const splitter = new LineSplitter(maxBytes, options);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    const lines = splitter.push(chunk);
    if (lines.length > 0) yield lines;
  }
  const last = splitter.end();
  if (last.length > 0) yield last;
}

/** The lines of a byte stream, one at a time. */
export async function* splitLines(
  stream: Readable,
  maxBytes: number,
  onBytes: (n: number) => void,
  options: SplitOptions = {},
): AsyncGenerator<Line> {
  for await (const lines of lineBatches(stream, maxBytes, onBytes, options)) yield* lines;
}
