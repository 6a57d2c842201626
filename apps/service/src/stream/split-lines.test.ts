import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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

  it('reports a line longer than the limit that ends in the chunk it started in', async () => {
    expect(await lines([`a\n${'x'.repeat(101)}\n${'y'.repeat(100)}\nb`])).toEqual([
      ['a', 1],
      [undefined, 2],
      ['y'.repeat(100), 3],
      ['b', 4],
    ]);
  });
});
