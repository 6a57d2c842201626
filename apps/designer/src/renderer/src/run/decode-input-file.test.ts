import { describe, expect, it } from 'vitest';
import { decodeInputFile } from './decode-input-file.js';

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('decodeInputFile: the designer opens files through the same decoding step', () => {
  it('HL7 with MSH-18 8859/1 in Latin-1 bytes', () => {
    const msg = `MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5||||||8859/1\rPID|1||7||M\u00fcller`;
    const out = decodeInputFile(latin1(msg), 'adt.hl7');
    expect([out.contentType, out.text.endsWith('M\u00fcller'), out.warnings]).toEqual([
      'x-application/hl7-v2+er7',
      true,
      [],
    ]);
  });

  it('XML declaring ISO-8859-1, FHIR JSON in UTF-16 with a BOM', () => {
    const xml = decodeInputFile(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><a>M\u00fc</a>'), 'a.xml');
    expect(xml.text.endsWith('<a>M\u00fc</a>')).toBe(true);
    const json = '{"resourceType":"Patient","name":[{"family":"M\u00fcller"}]}';
    const bytes = new Uint8Array(2 + json.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < json.length; i++) bytes[2 + i * 2] = json.charCodeAt(i);
    const out = decodeInputFile(bytes, 'patient.json');
    expect([out.contentType, out.text]).toEqual(['application/fhir+json', json]);
  });

  it('Latin-1 bytes in a CSV without declaration: a warning with the byte offset', () => {
    const out = decodeInputFile(latin1('name\nM\u00fcller\n'), 'p.csv');
    expect(out.warnings).toEqual(['Byte 0xFC at offset 6 is not valid utf-8; it was decoded as U+FFFD']);
  });
});
