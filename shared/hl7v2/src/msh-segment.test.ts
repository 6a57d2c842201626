import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_HEADER_CHARS } from './delimiters.js';
import { readMsh } from './msh-segment.js';

const ADT =
  'MSH|^~\\&|EPIC^1.2.3^ISO|HOSP|MAPX|FAC|20240102030405||ADT^A01^ADT_A01|MSG00001|P|2.5.1^USA^HL7|||al|Ne||UNICODE UTF-8~8859/1';

describe('readMsh', () => {
  it('reads what the service, the normaliser and the listener use', () => {
    const msh = readMsh(ADT)!;
    expect(msh.delimiters.field).toBe('|');
    expect(msh.encodingCharacters).toBe('^~\\&');
    expect(msh.sendingApplication).toBe('EPIC^1.2.3^ISO');
    expect(msh.sendingFacility).toBe('HOSP');
    expect(msh.receivingApplication).toBe('MAPX');
    expect(msh.receivingFacility).toBe('FAC');
    expect(msh.messageType).toEqual({ code: 'ADT', trigger: 'A01', structure: 'ADT_A01' });
    expect(msh.controlId).toBe('MSG00001');
    expect(msh.processingId).toBe('P');
    expect(msh.version).toBe('2.5.1');
    expect(msh.acceptAckType).toBe('AL');
    expect(msh.applicationAckType).toBe('NE');
    expect(msh.charset).toBe('UNICODE UTF-8');
  });

  it('numbers fields as HL7 does: MSH-1 is the separator, MSH-2 the encoding characters', () => {
    const msh = readMsh(ADT)!;
    expect(msh.field(1)).toBe('|');
    expect(msh.field(2)).toBe('^~\\&');
    expect(msh.field(7)).toBe('20240102030405');
    expect(msh.field(19)).toBe('');
    expect(msh.field(0)).toBe('');
    expect(msh.field(1.5)).toBe('');
    expect(msh.field(1000)).toBe('');
  });

  it('reads MSH-12 up to its first component, subcomponent or repetition, trimmed', () => {
    const version = (field: string) => readMsh(`MSH|^~\\&|||||||ADT^A01|1|P|${field}`)!.version;
    expect(version(' 2.4 ')).toBe('2.4');
    expect(version('2.3.1&x')).toBe('2.3.1');
    expect(version('2.6~2.5')).toBe('2.6');
    expect(version('')).toBe('');
  });

  it('has no character set when MSH-18 is empty, and reads MSH-18 whole without a repetition separator', () => {
    expect(readMsh('MSH|^~\\&|||||||ADT^A01|1|P|2.5||||||  ')!.charset).toBeUndefined();
    expect(readMsh('MSH|^|||||||ADT^A01|1|P|2.5||||||8859/1~UNICODE')!.charset).toBe('8859/1~UNICODE');
  });

  it('reads custom delimiters and the doubled escape character', () => {
    const custom = readMsh('MSH#$%*@#APP#FAC#####ORU$R01#7#T#2.3')!;
    expect(custom.messageType).toEqual({ code: 'ORU', trigger: 'R01', structure: '' });
    expect(custom.version).toBe('2.3');
    const doubled = readMsh('MSH|^~\\\\&|APP||||||ADT^A04|9|P|2.4')!;
    expect(doubled.doubledEscape).toBe(true);
    expect(doubled.delimiters.subcomponent).toBe('&');
    expect(doubled.version).toBe('2.4');
  });

  it('refuses a line that is not an MSH, or whose delimiters are unusable', () => {
    expect(readMsh('PID|1')).toBeUndefined();
    expect(readMsh('BHS|^~\\&|LAB')).toBeUndefined();
    expect(readMsh('MSHA^~\\&A')).toBeUndefined();
    expect(readMsh('MSH||APP')).toBeUndefined();
  });

  it('keeps prototype keys as plain text', () => {
    const msh = readMsh('MSH|^~\\&|__proto__|constructor|||||__proto__^toString|prototype|P|__proto__')!;
    expect(msh.sendingApplication).toBe('__proto__');
    expect(msh.messageType.code).toBe('__proto__');
    expect(msh.messageType.trigger).toBe('toString');
    expect(msh.controlId).toBe('prototype');
    expect(msh.version).toBe('__proto__');
    expect(Object.getPrototypeOf(msh.messageType)).toBe(Object.prototype);
  });

  it('reads only the first MAX_HEADER_CHARS characters of a line', () => {
    const long = `MSH|^~\\&|${'A'.repeat(MAX_HEADER_CHARS)}||||||ADT^A01|1|P|2.5`;
    const msh = readMsh(long)!;
    expect(msh.sendingApplication.length).toBe(MAX_HEADER_CHARS - 'MSH|^~\\&|'.length);
    expect(msh.messageType.code).toBe('');
    expect(msh.version).toBe('');
  });
});

/** Delimiters a sender may choose: distinct, printable, neither letter, digit nor whitespace. */
const delimiterSet = fc
  .uniqueArray(fc.constantFrom(...'|^~\\&#!$%*@+=/:;?,.<>[]{}_-'), { minLength: 5, maxLength: 5 })
  .map((chars) => chars.join(''));
const fieldText = (delimiters: string) =>
  fc
    .string({ maxLength: 20 })
    .map((s) => [...s].filter((c) => !delimiters.includes(c) && !/[\r\n]/.test(c)).join(''));

describe('readMsh properties', () => {
  it('gives back every field it is given, with the declared delimiters', () => {
    fc.assert(
      fc.property(
        delimiterSet.chain((d) => fc.tuple(fc.constant(d), fc.array(fieldText(d), { maxLength: 23 }))),
        ([d, values]) => {
          const [field, ...encoding] = d;
          const line = `MSH${field}${encoding.join('')}${values.map((v) => `${field}${v}`).join('')}`;
          const msh = readMsh(line)!;
          expect(msh.delimiters).toEqual({
            field,
            component: encoding[0],
            repetition: encoding[1],
            escape: encoding[2],
            subcomponent: encoding[3],
            truncation: '',
          });
          values.forEach((v, i) => expect(msh.field(i + 3)).toBe(v));
          expect(msh.field(values.length + 3)).toBe('');
          expect(msh.controlId).toBe(values[7] ?? '');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws, and reads nothing that is not in the line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (tail) => {
        const line = `MSH${tail}`;
        const msh = readMsh(line);
        if (!msh) return;
        for (let n = 1; n <= 26; n++) expect(line.includes(msh.field(n))).toBe(true);
        expect(line.includes(msh.version)).toBe(true);
        expect(line.includes(msh.messageType.code)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
