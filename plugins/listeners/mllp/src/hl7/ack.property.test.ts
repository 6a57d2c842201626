import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildAck, type AckCode } from './ack.js';
import { readMsh } from './msh-header.js';
import { frame, MllpFramer } from '../mllp/framer.js';

const VT = 0x0b;
const FS = 0x1c;

/** Any UTF-16 text, control characters and lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 300 });
/** An MSH whose fields hold anything a frame can carry, with the delimiters a sender may choose. */
const mshBytes = fc
  .record({
    delimiters: fc.constantFrom('|^~\\&', '#$%*@', '|^~\\&#', '|^', '!@'),
    fields: fc.array(fc.uint8Array({ maxLength: 40 }), { minLength: 1, maxLength: 17 }),
    rest: fc.uint8Array({ maxLength: 200 }),
  })
  .map(({ delimiters, fields, rest }) =>
    Buffer.concat([
      Buffer.from(`MSH${delimiters}`, 'latin1'),
      ...fields.flatMap((f) => [Buffer.from(delimiters[0]!, 'latin1'), Buffer.from(f)]),
      Buffer.from('\r'),
      Buffer.from(rest),
    ]),
  );

/** The message as the listener sees it: what one frame of these bytes delivers (VT/FS cannot survive framing). */
function received(bytes: Buffer): Buffer | undefined {
  const [first] = new MllpFramer(1 << 20).push(Buffer.concat([Buffer.from([VT]), bytes, Buffer.from([FS])]));
  return first?.kind === 'message' ? first.bytes : undefined;
}

describe('ACK framing cannot be broken from the input or the mapping', () => {
  it('no ACK body holds VT or FS, whatever the message header, error text, code or warnings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          mshBytes,
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
        ),
        fc.constantFrom<AckCode>('AA', 'AE', 'AR', 'CA', 'CE', 'CR'),
        fc.option(fc.record({ code: anyText, message: anyText, hl7: fc.constant('207'), hl7Text: anyText })),
        fc.array(fc.record({ code: anyText, message: anyText }), { maxLength: 3 }),
        (bytes, code, error, warnings) => {
          const message = received(bytes);
          const header = message ? readMsh(message) : undefined;
          const wire = frame(buildAck(header, code, error ?? undefined, warnings));
          const body = wire.subarray(1, wire.length - 2);
          expect(wire[0]).toBe(VT);
          expect(body.includes(VT)).toBe(false);
          expect(body.includes(FS)).toBe(false);
          // segments end with CR, nothing else in the body is a control character
          // eslint-disable-next-line no-control-regex -- control characters are what this looks for
          expect(/[\x00-\x0c\x0e-\x1f\x7f]/.test(body.toString('latin1'))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes the VT and FS a mapping error quotes as \\X0B\\ and \\X1C\\', () => {
    const header = readMsh(Buffer.from('MSH|^~\\&|A|B|C|D|1||ADT^A01|X|P|2.5\r', 'latin1'))!;
    const ack = buildAck(header, 'AE', {
      hl7: '207',
      hl7Text: 'Application internal error',
      code: 'D3137',
      message: 'Unknown sex code: \x0bM\x1c\r',
    });
    const err = ack.split('\r').find((s) => s.startsWith('ERR|'))!;
    expect(err.split('|')[8]).toBe('Unknown sex code: \\X0B\\M\\X1C\\ ');
  });
});
