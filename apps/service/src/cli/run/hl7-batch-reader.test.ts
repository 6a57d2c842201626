import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readHl7Messages } from './hl7-batch-reader.js';

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
