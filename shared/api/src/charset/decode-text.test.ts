import { describe, expect, it } from 'vitest';
import { decodeText, type DecodeRequest } from './decode-text.js';
import { textDecoderCodec } from './text-decoder-codec.js';

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf16le = (text: string, bom = true) => {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const at = (bom ? 2 : 0) + i * 2;
    out[at] = text.charCodeAt(i) & 0xff;
    out[at + 1] = text.charCodeAt(i) >> 8;
  }
  return out;
};
const req = (over: Partial<DecodeRequest> = {}): DecodeRequest => ({
  param: undefined,
  format: 'other',
  fallback: 'utf-8',
  ...over,
});
const decode = (bytes: Uint8Array, over: Partial<DecodeRequest> = {}) => {
  const out = decodeText(bytes, req(over), textDecoderCodec);
  if (!out.ok) throw new Error(out.issue.message);
  return out;
};

describe('decodeText: which character set', () => {
  it('takes the Content-Type charset parameter first', () => {
    const out = decode(latin1('name\nM\u00fcller'), { param: 'ISO-8859-1' });
    expect(out.text).toBe('name\nM\u00fcller');
    expect(out.source).toBe('content-type');
  });

  it('reads a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) and strips it', () => {
    expect(decode(Uint8Array.from([0xef, 0xbb, 0xbf, 0x4d, 0xc3, 0xbc])).text).toBe('M\u00fc');
    const le = decode(utf16le('M\u00fcller'));
    expect([le.text, le.charset, le.source]).toEqual(['M\u00fcller', 'utf-16le', 'bom']);
    const be = Uint8Array.from([0xfe, 0xff, 0x00, 0x4d, 0x00, 0xfc]);
    expect(decode(be).text).toBe('M\u00fc');
  });

  it('reads the XML declaration', () => {
    const xml = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><a>M\u00fcller</a>');
    const out = decode(xml, { format: 'xml' });
    expect([out.text.endsWith('<a>M\u00fcller</a>'), out.source]).toEqual([true, 'xml-declaration']);
    expect(decode(utf16le('<?xml version="1.0"?><a/>', false), { format: 'xml' }).text).toBe(
      '<?xml version="1.0"?><a/>',
    );
  });

  it('reads HL7 MSH-18 through table 0211, also after MLLP framing or a batch header', () => {
    const msh = (cs: string) =>
      `MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5||||||${cs}\rPID|1||7||M\u00fcller`;
    for (const [cs, charset] of [
      ['8859/1', 'iso-8859-1'],
      ['8859/15', 'iso-8859-15'],
      ['UNICODE UTF-8', 'utf-8'],
      ['ASCII', 'us-ascii'],
    ] as const) {
      const out = decode(latin1(`\x0b${msh(cs)}`), { format: 'hl7v2' });
      expect([out.charset, out.source]).toEqual([charset, 'msh-18']);
    }
    const batch = decode(latin1(`FHS|^~\\&\r${msh('8859/1~UNICODE UTF-8')}`), { format: 'hl7v2' });
    expect([batch.charset, batch.text.endsWith('M\u00fcller')]).toEqual(['iso-8859-1', true]);
  });

  it('falls back to the default, and warns when a declared set cannot be decoded', () => {
    expect(decode(latin1('M\u00fcller'), { fallback: 'windows-1252' }).text).toBe('M\u00fcller');
    const out = decode(latin1(`MSH|^~\\&${'|'.repeat(16)}CNS 11643-1992\r`), { format: 'hl7v2' });
    expect(out.source).toBe('default');
    expect(out.warnings.map((w) => [w.code, w.value])).toEqual([
      ['INPUT_CHARSET_UNSUPPORTED_DECLARATION', 'CNS 11643-1992'],
    ]);
  });

  it('refuses an unknown charset parameter with 415 UNSUPPORTED_CHARSET', () => {
    const out = decodeText(latin1('x'), req({ param: 'klingon' }), textDecoderCodec);
    expect(out).toMatchObject({ ok: false, issue: { code: 'UNSUPPORTED_CHARSET', status: 415 } });
  });
});

describe('decodeText: invalid bytes are warnings with their byte offset', () => {
  it('names each invalid UTF-8 sequence (Latin-1 bytes sent as UTF-8)', () => {
    const out = decode(latin1('family\nM\u00fcller und M\u00fcller'));
    expect(out.text).toBe('family\nM\ufffdller und M\ufffdller');
    expect(out.warnings.map((w) => [w.code, w.position, w.value])).toEqual([
      ['INPUT_CHARSET_INVALID_BYTES', 8, '0xFC'],
      ['INPUT_CHARSET_INVALID_BYTES', 19, '0xFC'],
    ]);
  });

  it('keeps a literal U+FFFD silent and counts offsets after a BOM', () => {
    expect(decode(Uint8Array.from([0xef, 0xbf, 0xbd])).warnings).toEqual([]);
    const out = decode(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x82]));
    expect(out.warnings.map((w) => w.position)).toEqual([4]);
  });

  it('caps the list and summarises the rest', () => {
    const out = decode(new Uint8Array(25).fill(0xff));
    expect(out.warnings).toHaveLength(11);
    expect(out.warnings[10]!.message).toMatch(/^15 more invalid utf-8 sequences/);
  });

  it('warns on bytes outside a legacy set (ASCII here)', () => {
    const out = decode(latin1('ab\u00e9'), { param: 'us-ascii' });
    expect(out.warnings.map((w) => w.position)).toEqual(out.text.includes('\ufffd') ? [2] : []);
  });
});
