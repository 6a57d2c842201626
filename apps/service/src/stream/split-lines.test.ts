import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineBatches, LineSplitter, splitLines } from './split-lines.js';

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

  it('hands on the lines of each chunk together, the unended last line at the end', async () => {
    const stream = Readable.from(['a\rb', 'c\r\nd\n', 'e'].map((c) => Buffer.from(c, 'latin1')));
    const groups: string[][] = [];
    for await (const lines of lineBatches(stream, 100, () => undefined))
      groups.push(lines.map((l) => l.bytes?.toString('latin1') ?? '?'));
    expect(groups).toEqual([['a'], ['bc', 'd'], ['e']]);
  });

  it('keeps the split state between chunks when used directly', () => {
    const splitter = new LineSplitter(100);
    const text = (lines: { bytes: Buffer | undefined; number: number }[]) =>
      lines.map((l) => [l.bytes?.toString('latin1'), l.number]);
    expect(text(splitter.push(Buffer.from('x\r')))).toEqual([['x', 1]]);
    // the LF of a CRLF split across chunks ends no second line
    expect(text(splitter.push(Buffer.from('\ny')))).toEqual([]);
    expect(text(splitter.end())).toEqual([['y', 2]]);
  });
});
