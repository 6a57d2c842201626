import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readHl7Messages } from './hl7-batch-reader.js';

describe('readHl7Messages', () => {
  it('puts each message of a batch after its FHS and BHS, drops trailers and MLLP framing; a message starts at each MSH', async () => {
    const text = 'FHS|^~\\&\rBHS|^~\\&\r\x0bMSH|^~\\&|A\rPID|1\r\x1c\r\x0bMSH|^~\\&|B\r\x1c\rBTS|2\rFTS|1\r';
    const stream = Readable.from([Buffer.from(text, 'latin1')]);
    const got: Array<[string, string, number | undefined]> = [];
    for await (const group of readHl7Messages(stream, 'f.hl7', 1000, () => undefined))
      for (const r of group)
        got.push([
          'bytes' in r ? Buffer.from(r.bytes).toString('latin1') : r.issue.code,
          'contentType' in r ? r.contentType : '',
          r.position.line,
        ]);
    const member = 'x-application/hl7-v2+er7; batch=message';
    expect(got).toEqual([
      ['FHS|^~\\&\rBHS|^~\\&\rMSH|^~\\&|A\rPID|1\r', member, 3],
      ['FHS|^~\\&\rBHS|^~\\&\rMSH|^~\\&|B\r', member, 6],
    ]);
  });
});
