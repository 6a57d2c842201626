import { describe, expect, it } from 'vitest';
import { MAX_WARNINGS } from '../src/warnings.js';
import { normalizeText, parsed, type Converted } from './normalize-text.js';

const msh = (version: string, encoding = '^~\\&') =>
  `MSH|${encoding}|APP|FAC|||20230405204512||ADT^A01^ADT_A01|MSG1|P|${version}`;
const pid = 'PID|1||123^^^HOSP^MR||Doe^John||19800102|M';

describe('versions: never refused', () => {
  it.each([
    ['2.8', '2.7.1'],
    ['2.8.1', '2.7.1'],
    ['2.8.2', '2.7.1'],
    ['2.9', '2.7.1'],
    ['2.999', '2.7.1'],
    ['2.6.1', '2.6'],
    ['2.3.z', '2.3'],
    ['2.0', '2.1'],
  ])('MSH-12 %s is read with the %s definitions and a warning naming both', (version, used) => {
    const { value, warnings } = parsed(normalizeText(`${msh(version)}\r${pid}`));
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'HL7_VERSION_SUBSTITUTED',
        line: 1,
        message: expect.stringContaining(`"${version}" parsed with the ${used} definitions`),
      }),
    ]);
    expect(JSON.stringify(value.MSH)).toContain(`"${version}"`);
    if (used === '2.7.1')
      expect(value.PID.PatientName).toEqual({ FamilyName: { Surname: 'Doe' }, GivenName: 'John' });
  });

  it('an empty MSH-12 is read with 2.5.1 (or versionFallback) and a warning', () => {
    expect(parsed(normalizeText(msh(''))).codes).toEqual(['HL7_NO_VERSION']);
    const { warnings } = parsed(normalizeText(msh(''), { versionFallback: '2.3' }));
    expect(warnings[0]!.message).toContain('parsed with 2.3');
  });

  it('versionFallback replaces the nearest earlier version, still with a warning', () => {
    const { warnings } = parsed(normalizeText(msh('2.8'), { versionFallback: '2.5.1' }));
    expect(warnings[0]!.message).toContain('"2.8" parsed with the 2.5.1 definitions');
  });

  it.each(['2.5^DEU', '2.5^^', '2.5.1^^^^^^'])('MSH-12 %s names 2.5 exactly: no warning', (version) => {
    expect(parsed(normalizeText(msh(version))).codes).toEqual([]);
  });
});

describe('files as they arrive', () => {
  const plain = parsed(normalizeText(`${msh('2.5.1')}\r${pid}\r`)).value;

  it.each([
    ['a BOM', `\uFEFF${msh('2.5.1')}\r${pid}\r`],
    ['a BOM as bytes', new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(`${msh('2.5.1')}\r${pid}\r`)])],
    ['leading blank lines and spaces', `\r\n\n  \t${msh('2.5.1')}\r${pid}\r`],
    ['LF', `${msh('2.5.1')}\n${pid}\n`],
    ['CRLF', `${msh('2.5.1')}\r\n${pid}\r\n`],
    ['mixed separators', `${msh('2.5.1')}\r\n${pid}\n\r`],
    ['MLLP framing', `\u000b${msh('2.5.1')}\r${pid}\r\u001c\r`],
    ['NUL padding and an end-of-file mark', `${msh('2.5.1')}\r${pid}\r\u0000\u0000\u001a`],
  ])('%s: the same value, no warning', (_, body) => {
    const { value, codes } = parsed(normalizeText(body));
    expect(codes).toEqual([]);
    expect(value).toEqual(plain);
  });

  it('text lines before the first MSH are skipped with a warning naming them', () => {
    const { value, warnings } = parsed(normalizeText(`/*\r * sample messages\r */\r${msh('2.5.1')}\r${pid}`));
    expect(value).toEqual(plain);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'HL7_LINES_SKIPPED',
        line: 1,
        message: expect.stringContaining('lines 1, 2, 3'),
      }),
    ]);
  });

  it('a segment before any MSH is a message without header: refused', () => {
    const result = normalizeText(`${pid}\r${msh('2.5.1')}`);
    expect(result).toMatchObject({ ok: false, issues: [{ code: 'HL7_NO_MSH', status: 422, line: 1 }] });
  });

  it('lines that are not segments (trailing garbage, a stray line) are kept as written with a warning', () => {
    const { value, warnings } = parsed(
      normalizeText(`${msh('2.5.1')}\r  -- end of file --\r${pid}\rpid|lower case`),
    );
    expect(value.UnparsedLines).toEqual([
      { MessageLine: 2, Text: '  -- end of file --' },
      { MessageLine: 4, Text: 'pid|lower case' },
    ]);
    expect(value.PID.MessageLine).toBe(3);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['HL7_NOT_A_SEGMENT', 2],
      ['HL7_NOT_A_SEGMENT', 4],
    ]);
  });

  it('a batch of several messages is an array; the envelope is dropped', () => {
    const batch = `FHS|^~\\&|APP\rBHS|^~\\&|APP\r${msh('2.5.1')}\r${pid}\r${msh('2.4')}\r${pid}\rBTS|2\rFTS|1`;
    const { value, codes } = parsed(normalizeText(batch));
    expect(codes).toEqual([]);
    expect(value).toHaveLength(2);
    expect(value.map((m: Converted) => m.MSH.VersionID.VersionID)).toEqual(['2.5.1', '2.4']);
  });

  it('an empty batch is [] with a warning', () => {
    const result = normalizeText('BHS|^~\\&|||||20081231\rBTS|0\r');
    expect(parsed(result).value).toEqual([]);
    expect(parsed(result).codes).toEqual(['HL7_EMPTY_BATCH']);
  });

  it('non-ASCII text passes through unchanged', () => {
    const { value } = parsed(
      normalizeText(`${msh('2.5.1')}\rPID|1||1||Müller^Zoë||19800102\rNTE|1||日本語 ✓`),
    );
    expect(value.PID.PatientName).toEqual({ FamilyName: { Surname: 'Müller' }, GivenName: 'Zoë' });
    expect(value.NTE.Comment).toBe('日本語 ✓');
  });
});

describe('MSH-2', () => {
  it('a doubled escape character is read as `\\` with a warning', () => {
    const { value, warnings } = parsed(normalizeText(`${msh('2.5.1', '^~\\\\&')}\rPID|1||1||A\\T\\B^C`));
    expect(value.MSH.EncodingCharacters).toBe('^~\\\\&');
    expect(value.PID.PatientName).toEqual({ FamilyName: { Surname: 'A&B' }, GivenName: 'C' });
    expect(warnings).toEqual([expect.objectContaining({ code: 'HL7_MSH2_DOUBLED_ESCAPE', line: 1 })]);
  });

  it('the 2.7+ truncation character is a fifth encoding character, `\\P\\` its escape', () => {
    const { value, codes } = parsed(normalizeText(`${msh('2.7.1', '^~\\&#')}\rPID|1||1||Lo#^Ann\\P\\`));
    expect(codes).toEqual([]);
    expect(value.MSH.EncodingCharacters).toBe('^~\\&#');
    expect(value.PID.PatientName).toEqual({ FamilyName: { Surname: 'Lo#' }, GivenName: 'Ann#' });
  });
});

describe('dates', () => {
  it('an invalid date is kept as written with a warning naming the field', () => {
    const { value, warnings } = parsed(normalizeText(`${msh('2.5.1')}\rPID|1||1||Doe||19801345`));
    expect(value.PID.DateTimeOfBirth).toEqual({ Time: '19801345' });
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'HL7_INVALID_DATE',
        line: 2,
        message: expect.stringContaining('PID-7 "19801345"'),
      }),
    ]);
  });

  it('warnings are bounded', () => {
    const lines = Array.from({ length: MAX_WARNINGS + 20 }, (_, i) => `PID|${i}||1||Doe||19801345`);
    const { codes, warnings } = parsed(normalizeText([msh('2.5.1'), ...lines].join('\r')));
    expect(codes).toHaveLength(MAX_WARNINGS + 1);
    expect(warnings.at(-1)).toMatchObject({
      code: 'HL7_TOO_MANY_WARNINGS',
      message: expect.stringContaining('20 more'),
    });
  });
});

describe('OBX-5 typed by OBX-2', () => {
  const obx = (type: string, value: string) =>
    parsed(normalizeText(`${msh('2.5.1')}\rOBX|1|${type}|8867-4^Heart rate^LN||${value}`)).value.OBX
      .ObservationValue;

  it('NM stays the number text as written', () => expect(obx('NM', '07.50')).toBe('07.50'));
  it('CWE is split into components', () =>
    expect(obx('CWE', '260385009^Negative^SCT')).toEqual({
      Identifier: '260385009',
      Text: 'Negative',
      NameOfCodingSystem: 'SCT',
    }));
  it('CE is split into components, repetitions into an array', () =>
    expect(obx('CE', 'A^Alpha~B^Beta')).toEqual([
      { Identifier: 'A', Text: 'Alpha' },
      { Identifier: 'B', Text: 'Beta' },
    ]));
  it('CX is split into components', () =>
    expect(obx('CX', '123^^^HOSP^MR')).toMatchObject({ IDNumber: '123' }));
  it('TX decodes escapes', () => expect(obx('TX', 'a\\T\\b\\.br\\c')).toBe('a&b\nc'));
  it('DT becomes an ISO date', () => expect(obx('DT', '20230405')).toBe('2023-04-05'));
  it('an unknown or empty OBX-2 keeps the value as written, escapes included', () => {
    expect(obx('', 'a^b\\T\\c')).toBe('a^b\\T\\c');
    expect(obx('XYZ', 'a^b')).toBe('a^b');
  });
});

describe('prototype safety', () => {
  it('segment-like lines named __proto__ or constructor touch no prototype', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const body = `${msh('2.5.1')}\r__proto__|polluted|yes\rconstructor|x\rPRO|__proto__^constructor\rZPR|__proto__&prototype`;
    const { value } = parsed(normalizeText(body));
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.UnparsedLines.map((l: Converted) => l.Text)).toEqual([
      '__proto__|polluted|yes',
      'constructor|x',
    ]);
    expect(value.PRO).toEqual({ MessageLine: 4, PRO1: '__proto__^constructor' });
    expect(value.ZPR).toEqual({ MessageLine: 5, ZPR1: '__proto__&prototype' });
  });
});
