import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readHl7Messages } from './hl7-batch-reader.js';

type Got = Array<[string, string, number | undefined]>;

/** What the reader makes of the text, read in the given chunks: each record's bytes (or code), type and line. */
async function read(chunks: readonly string[], maxBytes = 1000): Promise<Got> {
  const stream = Readable.from(chunks.map((c) => Buffer.from(c, 'latin1')));
  const got: Got = [];
  for await (const group of readHl7Messages(stream, 'f.hl7', maxBytes, () => undefined))
    for (const r of group)
      got.push([
        'bytes' in r ? Buffer.from(r.bytes).toString('latin1') : r.issue.code,
        'contentType' in r ? r.contentType : '',
        r.position.line,
      ]);
  return got;
}

const single = 'x-application/hl7-v2+er7';
const member = 'x-application/hl7-v2+er7; batch=message';

describe('readHl7Messages', () => {
  it('puts each message of a batch after its FHS and BHS, drops trailers and MLLP framing; a message starts at each MSH', async () => {
    const text = 'FHS|^~\\&\rBHS|^~\\&\r\x0bMSH|^~\\&|A\rPID|1\r\x1c\r\x0bMSH|^~\\&|B\r\x1c\rBTS|2\rFTS|1\r';
    expect(await read([text])).toEqual([
      ['FHS|^~\\&\rBHS|^~\\&\rMSH|^~\\&|A\rPID|1\r', member, 3],
      ['FHS|^~\\&\rBHS|^~\\&\rMSH|^~\\&|B\r', member, 6],
    ]);
  });

  it('ends every segment with CR whatever ended it in the file (CR, LF, CRLF, none at the end)', async () => {
    expect(await read(['MSH|^~\\&|A\r\nPID|1\nPV1|1\rMSH|^~\\&|B\r\n\r\nPID|2'])).toEqual([
      ['MSH|^~\\&|A\rPID|1\rPV1|1\r', single, 1],
      ['MSH|^~\\&|B\rPID|2\r', single, 4],
    ]);
  });

  it('reads the same messages wherever the read chunks end', async () => {
    const text =
      'EVN|x\rMSH|^~\\&|A\rPID|1\r\n\x0bMSH|^~\\&|B\rPID|2\x1c\rFHS|^\rBHS|^\rMSH|^~\\&|C\nOBX|1\rBTS|1\rMSH|^~\\&|D\r';
    const whole = await read([text]);
    expect(whole).toEqual([
      ['EVN|x\r', single, 1],
      ['MSH|^~\\&|A\rPID|1\r', single, 2],
      ['MSH|^~\\&|B\rPID|2\r', single, 4],
      ['FHS|^\rBHS|^\rMSH|^~\\&|C\rOBX|1\r', member, 8],
      // BTS ends the batch's BHS; the FHS stays until FTS
      ['FHS|^\rMSH|^~\\&|D\r', member, 11],
    ]);
    for (let a = 1; a < text.length; a++) {
      expect(await read([text.slice(0, a), text.slice(a)])).toEqual(whole);
      const b = Math.min(text.length - 1, a + 7);
      if (b > a) expect(await read([text.slice(0, a), text.slice(a, b), text.slice(b)])).toEqual(whole);
    }
  });

  it('fails a message over the limit alone, wherever the read chunks end', async () => {
    const big = `MSH|^~\\&|B\rOBX|${'x'.repeat(40)}\r`;
    const text = `MSH|^~\\&|A\r${big}MSH|^~\\&|C\r`;
    const expected = [
      ['MSH|^~\\&|A\r', single, 1],
      ['RUN_INPUT_TOO_LARGE', '', 2],
      ['MSH|^~\\&|C\r', single, 4],
    ];
    for (let a = 1; a < text.length; a += 3)
      expect(await read([text.slice(0, a), text.slice(a)], 40)).toEqual(expected);
  });
});
