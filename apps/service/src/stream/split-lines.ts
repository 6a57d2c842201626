import type { Readable } from 'node:stream';

export interface Line {
  /** The line's bytes without its terminator; `undefined` when it was longer than the limit (then skipped). */
  readonly bytes: Buffer | undefined;
  readonly number: number;
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
): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let held = 0;
  let tooLong = false;
  let number = 1;
  let afterCr = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b !== CR && b !== LF) continue;
      if (b === LF && afterCr && i === start) {
        // the LF of a CRLF whose CR ended the previous line
        start = i + 1;
        afterCr = false;
        continue;
      }
      // a line may end in the chunk it started in: the limit holds there too, not only across chunks
      if (held + i - start > maxBytes) tooLong = true;
      if (!tooLong) parts.push(chunk.subarray(start, i));
      yield { bytes: tooLong ? undefined : concat(parts), number: number++ };
      parts = [];
      held = 0;
      tooLong = false;
      afterCr = b === CR;
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
  if (held > 0 || tooLong) yield { bytes: tooLong ? undefined : concat(parts), number };
}

function concat(parts: Buffer[]): Buffer {
  // copied: a subarray would keep the whole read chunk alive for as long as the line lives
  return parts.length === 1 ? Buffer.from(parts[0] as Buffer) : Buffer.concat(parts);
}
