import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HL7_ISSUES } from '../src/issues.js';
import { describeWhen, skippedBecause } from '../../../../test-support/skip.js';
import { CORPUS_DIR, corpusFiles, corpusPresent, HL7V2_CORPUS } from './corpus-files.js';
import { normalizeText, parsed, type Converted } from './normalize-text.js';
import { leaves, rawMessages, unescape, type RawMessage } from './raw-message.js';

/** Letters and digits only; ISO date/time `T` dropped too, so `20230405T2045` matches `202304052045`. */
const alnum = (s: string) =>
  s
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/(\d)T(\d)/g, '$1$2');

/** Every string in a JSON value, compared by their letters and digits (dates lose `-`, `T`, `:` only). */
function outputTexts(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(alnum(value));
  else if (Array.isArray(value)) for (const v of value) outputTexts(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) outputTexts(v, out);
  return out;
}

function missingText(raw: RawMessage, value: unknown): string[] {
  const texts = [...outputTexts(value)];
  const present = (needle: string) => needle === '' || texts.some((t) => t.includes(needle));
  const missing: string[] = [];
  for (const tokens of raw.segments) {
    for (let f = tokens[0] === 'MSH' ? 2 : 1; f < tokens.length; f++) {
      for (const leaf of leaves(tokens[f]!, raw.delimiters)) {
        if (!present(alnum(unescape(leaf, raw.delimiters))) && !present(alnum(leaf)))
          missing.push(`${tokens[0]}-${tokens[0] === 'MSH' ? f + 1 : f}: ${leaf}`);
      }
    }
  }
  return missing;
}

/** A value's first text: a string itself, else its first component (an object's first key). */
function firstText(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) return firstText(Object.values(value)[0]);
  return value;
}

/** A field of the converted MSH by its standard name, whatever the version's capitalisation (2.1: `…Id`). */
function mshField(msh: Record<string, unknown>, name: string, component: string): string {
  const key = Object.keys(msh).find((k) => k.toLowerCase() === name.toLowerCase());
  return String(firstText(key === undefined ? undefined : msh[key])).split(component)[0]!;
}

describe('the round-trip check itself', () => {
  it('reports a field value missing from the JSON', () => {
    const text = 'MSH|^~\\&|APP|FAC|||20230405||ADT^A01|1|P|2.5.1\rPID|1||1||Doe^John~Roe\\T\\Smith';
    const { value } = parsed(normalizeText(text));
    const raw = rawMessages(text)[0]!;
    expect(missingText(raw, value)).toEqual([]);
    value.PID.PatientName[1] = { FamilyName: { Surname: 'Roe' } };
    expect(missingText(raw, value)).toEqual(['PID-5: Roe\\T\\Smith']);
  });
});

const rateByVersion = new Map<string, { parsed: number; files: number }>();

if (!corpusPresent) skippedBecause('HL7 v2 public corpus', HL7V2_CORPUS.missing);

describeWhen(corpusPresent)(`HL7 v2 public corpus (${CORPUS_DIR})`, () => {
  const files = corpusPresent ? corpusFiles('') : [];

  it('holds the corpus SOURCES.md describes', () => expect(files.length).toBeGreaterThanOrEqual(1500));

  it.each(files)('%s', (file) => {
    const text = readFileSync(join(CORPUS_DIR, file), 'utf8');
    const result = normalizeText(text);
    const raws = rawMessages(text);
    const version = raws[0]?.msh[12]?.split(raws[0].delimiters.component)[0] || '(empty)';
    const rate = rateByVersion.get(version) ?? { parsed: 0, files: 0 };
    rate.files++;
    rateByVersion.set(version, rate);
    const { value } = parsed(result);
    rate.parsed++;
    const messages: Converted[] = Array.isArray(value) ? value : [value];
    expect(messages).toHaveLength(raws.length);
    messages.forEach((message, i) => {
      const raw = raws[i]!;
      const d = raw.delimiters;
      const first = (n: number) =>
        unescape((raw.msh[n] ?? '').split(d.component)[0]!.split(d.repetition)[0]!, d);
      const mshOut = message.MSH;
      expect(mshOut.FieldSeparator).toBe(d.field);
      if (first(9)) expect(mshField(mshOut, 'MessageType', d.component)).toBe(first(9));
      if (first(10)) expect(mshField(mshOut, 'MessageControlID', d.component)).toBe(first(10));
      if (first(12).trim()) expect(mshField(mshOut, 'VersionID', d.component)).toBe(first(12));
      expect(missingText(raw, message)).toEqual([]);
    });
  });

  afterAll(() => {
    const rows = [...rateByVersion].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
    const total = rows.reduce((n, [, r]) => n + r.files, 0);
    const ok = rows.reduce((n, [, r]) => n + r.parsed, 0);
    console.log(
      `HL7 v2 corpus parse rate by MSH-12: ${rows.map(([v, r]) => `${v} ${r.parsed}/${r.files}`).join(', ')}; total ${ok}/${total}`,
    );
  });
});

describeWhen(corpusPresent)('HL7 v2 malformed corpus: never a throw', () => {
  const files = corpusPresent ? corpusFiles('malformed') : [];

  it.each(files)('%s', (file) => {
    const result = normalizeText(readFileSync(join(CORPUS_DIR, file)));
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(Object.keys(HL7_ISSUES)).toContain(result.issues[0]!.code);
    expect(result.issues[0]!.status).toBe(422);
  });
});
