import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CATALOGUE, MESSAGES, severityOf } from './catalogue.js';
import { createError } from './mapx-error.js';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const CODE_LITERAL = /['"`]([SDFTUL]\d{4})['"`]/g;
const TEMPLATE_KEY = /^\s+([SDFTUL]\d{4}):\s/gm;

describe('the error catalogue', () => {
  const files = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  test('every code literal in src/ has a catalogue entry with a severity and a message', () => {
    const raised = new Set(files.flatMap((f) => [...f.text.matchAll(CODE_LITERAL)].map((m) => m[1]!)));
    expect(raised.size).toBeGreaterThan(80);
    const missing = [...raised].filter((code) => CATALOGUE[code] === undefined);
    expect(missing).toEqual([]);
    for (const code of raised) {
      expect(typeof CATALOGUE[code]!.severity, code).toBe('number');
      expect(CATALOGUE[code]!.message.length, code).toBeGreaterThan(0);
    }
  });

  test('message templates are defined in exactly one place', () => {
    const elsewhere = files
      .filter((f) => !f.path.endsWith(join('errors', 'catalogue.ts')))
      .filter((f) => f.text.match(TEMPLATE_KEY) !== null)
      .map((f) => relative(SRC, f.path));
    expect(elsewhere).toEqual([]);
  });

  test('severities follow §7.2: F5xyz → xy, everything else fatal', () => {
    expect(CATALOGUE['F5101']!.severity).toBe(10);
    expect(CATALOGUE['F5215']!.severity).toBe(21);
    expect(CATALOGUE['F5310']!.severity).toBe(31);
    expect(CATALOGUE['F5343']!.severity).toBe(34);
    expect(CATALOGUE['F5600']!.severity).toBe(60);
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      const expected = /^F5\d{3}$/.test(code) ? Number(code.slice(2, 4)) : 0;
      expect(entry.severity, code).toBe(expected);
      expect(severityOf(code)).toBe(expected);
      expect(MESSAGES[code]).toBe(entry.message);
    }
  });

  test('messages are populated per Appendix A, with the §0 corrections', () => {
    expect(createError('F5120', { value: 'F', fhirElement: 'gender', instanceOf: 'Patient' }).message).toBe(
      'Value "F" for "gender" in "Patient" is not in the required ValueSet.',
    );
    expect(createError('F5330', { fhirElement: 'a', instanceOf: 'B', elementType: 'Coding' }).message).toBe(
      'Failed to expand extensible ValueSet for "a" in "B" ("Coding" binding).',
    );
    expect(createError('F3014', { errorMessage: 'needs a resourceType' }).message).toBe(
      'Error generating UUID: needs a resourceType',
    );
    expect(createError('U1001', { message: 'boom' }).message).toBe('boom');
  });

  test("a code JSONata also defines keeps JSONata's meaning: JSONata re-messages its own codes raised inside an evaluation", () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('jsonata'), 'utf8');
    const start = source.indexOf('var errorCodes = {');
    const table = new Map<string, string>();
    for (const m of source
      .slice(start, source.indexOf('};', start))
      .matchAll(/"([A-Z]\d{4})":\s*"((?:[^"\\]|\\.)*)"/g))
      table.set(m[1]!, JSON.parse(`"${m[2]!}"`) as string);
    expect(table.size).toBeGreaterThan(90);
    const braces = (t: string) => t.replace(/\{\{\{([^}]+)}}}/g, '{{$1}}');
    const clashes = Object.entries(CATALOGUE)
      .filter(([code, e]) => table.has(code) && braces(table.get(code)!) !== braces(e.message))
      .map(([code]) => code);
    expect(clashes).toEqual([]);
  });

  test('every guardrail has its own code, and its message names the limit and the setting that changes it', () => {
    const settings: Record<string, RegExp> = {
      L1002: /MAPX_MAX_EXPRESSION_LENGTH/,
      L1003: /MAPX_MAX_STRING_LENGTH/,
      L1004: /MAPX_MAX_INPUT_DEPTH/,
      L1005: /MAPX_MAX_EXPRESSION_DEPTH/,
    };
    for (const [code, setting] of Object.entries(settings)) {
      const message = createError(code, { limit: 7, length: 9, token: '$pad' }).message;
      expect(message, code).toMatch(setting);
      expect(message, code).toContain('7');
    }
    expect(createError('L1001', { value: '(a+)+' }).message).toMatch(/refused.*exponential/);
    const guardrails = ['L1001', 'L1002', 'L1003', 'L1004', 'L1005', 'D1011', 'D1012'];
    expect(new Set(guardrails.map((c) => CATALOGUE[c]!.message)).size).toBe(guardrails.length);
  });
});
