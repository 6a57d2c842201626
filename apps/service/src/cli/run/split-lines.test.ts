import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readHl7Messages } from './hl7-batch-reader.js';
import { splitLines } from './split-lines.js';

async function lines(chunks: string[], max = 100) {
  const out: Array<[string | undefined, number]> = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c, 'latin1')));
  for await (const line of splitLines(stream, max, () => undefined))
    out.push([line.bytes?.toString('latin1'), line.number]);
  return out;
}

describe('splitLines', () => {
  it('ends lines at LF, CRLF and a lone CR, also across chunk boundaries', async () => {
    expect(await lines(['a\r', '\nb\rc', '\n\nd'])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['', 4],
      ['d', 5],
    ]);
  });

  it('reports a line longer than the limit without holding it', async () => {
    expect(await lines(['ok\n', 'x'.repeat(60), 'x'.repeat(60), '\nnext'])).toEqual([
      ['ok', 1],
      [undefined, 2],
      ['next', 3],
    ]);
  });
});

describe('readHl7Messages', () => {
  it('drops batch envelope segments and MLLP framing; a message starts at each MSH', async () => {
    const text = 'FHS|^~\\&\rBHS|^~\\&\r\x0bMSH|^~\\&|A\rPID|1\r\x1c\r\x0bMSH|^~\\&|B\r\x1c\rBTS|2\rFTS|1\r';
    const stream = Readable.from([Buffer.from(text, 'latin1')]);
    const got: Array<[string, number | undefined]> = [];
    for await (const r of readHl7Messages(stream, 'f.hl7', 1000, () => undefined))
      got.push(['bytes' in r ? Buffer.from(r.bytes).toString('latin1') : r.issue.code, r.position.line]);
    expect(got).toEqual([
      ['MSH|^~\\&|A\rPID|1\r', 3],
      ['MSH|^~\\&|B\r', 6],
    ]);
  });
});
