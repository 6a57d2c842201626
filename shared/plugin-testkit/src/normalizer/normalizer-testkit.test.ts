import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineNormalizer, parseMediaType, type Normalizer } from '@mapx/plugin-api';
import { loadNormalizerCases } from './case-file.js';
import { checkNormalizeResult } from './check-result.js';
import { checkNormalizerPlugin } from './check-plugin.js';
import { fuzzNormalizer } from './fuzz.js';
import { runNormalizerCase } from './run-case.js';

const text = parseMediaType('text/plain')!;

/** Upper-cases text; crashes on `!` and answers an uncoded issue on `?` — bugs the kit must catch. */
const fragile: Normalizer = {
  normalize(input) {
    const body = String(input.body);
    if (body.includes('!')) throw new Error('boom');
    if (body.includes('?'))
      return { ok: false, issues: [{ code: 'bad code', message: '', status: 500 as 400 }] };
    return { ok: true, value: body.toUpperCase() };
  },
};

describe('checkNormalizeResult', () => {
  it('accepts plain JSON values and coded issues', () => {
    expect(checkNormalizeResult({ ok: true, value: { a: [1, 'x', null] } })).toEqual([]);
    expect(
      checkNormalizeResult({ ok: false, issues: [{ code: 'A_B', message: 'm', status: 422, line: 2 }] }),
    ).toEqual([]);
  });

  it('flags non-JSON values and malformed issues', () => {
    expect(checkNormalizeResult({ ok: true, value: { d: new Date(0) } })).toEqual([
      'value is not plain JSON',
    ]);
    expect(checkNormalizeResult({ ok: true, value: [Number.NaN] })).toEqual(['value is not plain JSON']);
    expect(
      checkNormalizeResult({ ok: false, issues: [{ code: 'x', message: '', status: 500, line: 0 }] }),
    ).toEqual([
      'issue code x is not SCREAMING_SNAKE',
      'issue has no message',
      'issue status 500 is not 400, 415 or 422',
      'issue line is not a positive integer',
    ]);
  });
});

describe('fuzzNormalizer', () => {
  const options = { mediaType: text, samples: ['hello world', 'a?b', 'x!y'], iterations: 200, seed: 7 };

  it('reports crashes and uncoded issues, reproducibly for a seed', async () => {
    const first = await fuzzNormalizer(fragile, options);
    const second = await fuzzNormalizer(fragile, options);
    expect(first.failures.length).toBeGreaterThan(0);
    expect(first.failures.some((f) => f.problem === 'threw Error: boom')).toBe(true);
    expect(first.failures.some((f) => f.problem.includes('not SCREAMING_SNAKE'))).toBe(true);
    expect(second.failures).toEqual(first.failures);
  });

  it('finds nothing wrong with a sound normaliser', async () => {
    const sound: Normalizer = { normalize: (input) => ({ ok: true, value: String(input.body).length }) };
    expect((await fuzzNormalizer(sound, options)).failures).toEqual([]);
  });
});

describe('case files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-cases-'));
  writeFileSync(
    join(dir, 'upper.json'),
    JSON.stringify({ mediaType: 'text/plain', input: 'ab', expected: 'AB' }),
  );
  writeFileSync(
    join(dir, 'wrong.json'),
    JSON.stringify({ mediaType: 'text/plain', input: 'ab', expected: 'ab' }),
  );
  writeFileSync(
    join(dir, 'issue.json'),
    JSON.stringify({ mediaType: 'text/plain', input: '?', issue: { code: 'bad code' } }),
  );

  it('loads cases sorted by name and runs them', async () => {
    const cases = loadNormalizerCases(dir);
    expect(cases.map((c) => c.name)).toEqual(['issue', 'upper', 'wrong']);
    const outcomes = await Promise.all(cases.map((c) => runNormalizerCase(fragile, c)));
    expect(outcomes.map((o) => o.passed)).toEqual([false, true, false]);
    expect(outcomes[0]!.problems).toContain('issue code bad code is not SCREAMING_SNAKE');
    expect(outcomes[2]!.problems[0]).toMatch(/^value differs: expected "ab", got "AB"/);
  });

  it('rejects a case that says nothing about the outcome', () => {
    const bad = mkdtempSync(join(tmpdir(), 'mapx-cases-'));
    writeFileSync(join(bad, 'none.json'), JSON.stringify({ mediaType: 'text/plain', input: 'x' }));
    expect(() => loadNormalizerCases(bad)).toThrow(/exactly one of/);
  });
});

describe('checkNormalizerPlugin', () => {
  it('accepts a well-declared plugin and names what is wrong otherwise', () => {
    const schema = {
      '~standard': { version: 1 as const, vendor: 'x', validate: (v: unknown) => ({ value: v }) },
    };
    const meta = { packageName: 'p', version: '1.0.0', id: 'p', apiVersion: 1 as const };
    const good = defineNormalizer({
      meta,
      optionsSchema: schema,
      mediaTypes: ['text/plain'],
      create: () => fragile,
    });
    expect(checkNormalizerPlugin(good)).toEqual([]);
    const bad = defineNormalizer({
      meta: { ...meta, id: 'Bad Id' },
      optionsSchema: schema,
      mediaTypes: ['Text/Plain'],
      create: () => fragile,
    });
    expect(checkNormalizerPlugin(bad)).toEqual([
      'meta.id must match [a-z0-9][a-z0-9-]*',
      'media type Text/Plain is not a lower-case type/subtype essence',
    ]);
    expect(checkNormalizerPlugin({})).toEqual(['not branded @mapx/plugin (use defineNormalizer)']);
  });
});
