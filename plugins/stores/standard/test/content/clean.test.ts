/**
 * v2Clean, which every standard map applies to what it builds: FHIR allows no empty elements, nor the control
 * characters a v2 text may hold. A value with nothing to remove comes back as it is; the rest is walked.
 */
import { describe, expect, test } from 'vitest';
import { evaluateMapping } from './harness.js';

const clean = async (input: unknown) => (await evaluateMapping('v2Clean', input)).result;

describe('v2Clean', () => {
  test('a value with nothing to remove is the same value', async () => {
    const value = { a: 'x', b: [1, { c: 'd', e: true }], f: { g: 0 } };
    expect(await clean(value)).toEqual({ a: 'x', b: [1, { c: 'd', e: true }], f: { g: 0 } });
  });

  test('empty and blank values go at every depth, and an object left empty with them', async () => {
    expect(
      await clean({
        a: { b: { c: '' } },
        d: 'x',
        e: ' \t\n ',
        f: null,
        g: [],
        h: {},
        i: [null, '', 'z', { j: [] }],
      }),
    ).toEqual({ d: 'x', i: ['z'] });
    expect(await clean({ a: [{ b: '' }], c: { d: null } })).toBeUndefined();
  });

  test('empty values of the object itself go, the rest comes back unchanged and in order', async () => {
    // what the data type maps mostly build: a period with neither date, no suffix
    const name = { use: 'official', family: 'Doe', given: ['John'], suffix: [], period: {}, text: null };
    expect(await clean(name)).toEqual({ use: 'official', family: 'Doe', given: ['John'] });
    expect(Object.keys((await clean({ z: 1, a: {}, m: 'x', b: [] })) as object)).toEqual(['z', 'm']);
    expect(await clean({ a: {}, b: [], c: null })).toBeUndefined();
    // beside an empty one, a blank text, a text "null" or an empty value further down are still told apart
    expect(await clean({ a: {}, b: '  ', c: 'null', d: { e: '' }, f: 'x' })).toEqual({ c: 'null', f: 'x' });
    expect(await clean({ a: [], b: [[1], [2]], c: 'x\u0002' })).toEqual({ b: [1, 2], c: 'x' });
  });

  test('an array in an array is flattened', async () => {
    expect(await clean({ a: [[1, 2], [3]] })).toEqual({ a: [1, 2, 3] });
  });

  test('text that only looks empty in JSON is kept as written', async () => {
    const value = { a: 'null', b: 'say "" twice', c: '[] and {}', d: ' x ', e: 'a\\b' };
    expect(await clean(value)).toEqual({ a: 'null', b: 'say "" twice', c: '[] and {}', d: ' x ', e: 'a\\b' });
  });

  test('control characters are removed, with a warning, however deep', async () => {
    const report = await evaluateMapping('v2Clean', { a: { b: ['x\u0001y', 'ok'] }, c: 'tab\tkept' });
    expect(report.result).toEqual({ a: { b: ['xy', 'ok'] }, c: 'tab\tkept' });
    expect(report.diagnostics.warning).toEqual([
      expect.objectContaining({ message: expect.stringContaining('held control characters') as unknown }),
    ]);
  });
});
