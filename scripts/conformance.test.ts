import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEngine } from '@mapx/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepEqual, groupMatcher, loadSuite, runCase, suiteProblem } from './conformance/suite.mjs';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'conformance.mjs');

/** A suite of our own in the test-suite layout: one group per outcome the runner must tell apart. */
async function writeSuite(root: string) {
  const put = async (path: string, value: unknown) => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), JSON.stringify(value));
  };
  await put('datasets/people.json', { people: [{ name: 'Ada' }, { name: 'Alan' }] });
  await put('groups/basics/case000.json', {
    expr: 'people.name',
    dataset: 'people',
    result: ['Ada', 'Alan'],
  });
  await put('groups/basics/case001.json', [
    { expr: 'x * 2', data: { x: 21 }, result: 42 },
    { expr: 'nothing', dataset: null, undefinedResult: true },
    { expr: '$count(people)', dataset: 'people', bindings: {}, result: 3 },
  ]);
  await put('groups/basics/case002.json', { expr: '"a" + 1', data: null, code: 'T2001' });
  await put('groups/basics/case003.json', {
    expr: '$undefinedFn(',
    data: null,
    code: 'S0203',
    token: '(end)',
  });
  await put('groups/basics/case004.json', {
    expr: '$error("no")',
    data: null,
    error: { code: 'D3137', message: 'no' },
  });
  await put('groups/boxed/case000.json', {
    expr: '($f := function($n) { $n = 0 ? 0 : 1 + $f($n - 1) }; $f(100000))',
    data: null,
    timelimit: 1000,
    depth: 100,
    code: 'U1001',
  });
  // a case id the runner knows as a deliberate difference (a trailing ";" ends the implicit root block)
  await put('groups/errors/case024.json', { expr: '1 + 1;', data: null, code: 'S0201' });
  await put('groups/other/case000.json', { expr: '1', data: null, skip: true, result: 1 });
}

describe('conformance runner', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'mapx-conformance-'));
    await writeSuite(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('loads every case, array files one per item, expression files read, groups filtered', async () => {
    const { cases, datasets } = loadSuite(root);
    expect(cases.map((c) => c.id)).toEqual([
      'basics/case000.json',
      'basics/case001.json#0',
      'basics/case001.json#1',
      'basics/case001.json#2',
      'basics/case002.json',
      'basics/case003.json',
      'basics/case004.json',
      'boxed/case000.json',
      'errors/case024.json',
      'other/case000.json',
    ]);
    expect(datasets.get('people')).toEqual({ people: [{ name: 'Ada' }, { name: 'Alan' }] });
    expect(loadSuite(root, { groups: ['bas*'] }).cases).toHaveLength(7);
    expect(groupMatcher(['flash-*'])('flash-evaluate')).toBe(true);
    expect(groupMatcher(['flash-*'])('errors')).toBe(false);
  });

  it('judges results, undefined results, codes, tokens and error fields against the engine', async () => {
    const engine = createEngine({ fhir: () => undefined });
    const { cases, datasets } = loadSuite(root, { groups: ['basics', 'other'] });
    const outcomes = await Promise.all(cases.map((c) => runCase(c, { engineFor: () => engine, datasets })));
    expect(outcomes.map((o) => o.status)).toEqual([
      'pass',
      'pass',
      'pass',
      'fail',
      'pass',
      'pass',
      'pass',
      'skip',
    ]);
    expect(outcomes[3]!.reason).toBe('expected 3, got 2');
  });

  it('compares as the suites do: numbers by value, own keys, arrays in order', () => {
    expect(deepEqual({ a: [1, { b: -0 }] }, { a: [1, { b: 0 }] })).toBe(true);
    expect(deepEqual(NaN, NaN)).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
  });

  it('prints failures with their reasons, deliberate differences and totals; exit 1 on a failure', async () => {
    const failed = await run(process.execPath, [script, root]).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('FAIL    basics/case001.json#2: expected 3, got 2');
    expect(failed.stdout).toMatch(
      /DIFFERS errors\/case024\.json: expected error S0201, got result 2 — deliberate: /,
    );
    expect(failed.stdout).toContain('10 cases: 7 passed, 1 failed, 1 differ deliberately, 1 skipped');
    const passed = await run(process.execPath, [script, root, '--group', 'boxed', '--group', 'errors']);
    expect(passed.stdout).toContain('2 cases: 1 passed, 0 failed, 1 differ deliberately, 0 skipped');
  });

  it('says what is missing when no suite is given', async () => {
    expect(suiteProblem(undefined)).toBe('no suite folder given');
    expect(suiteProblem(join(root, 'groups', 'basics'))).toMatch(/has no groups\/ folder/);
    const missing = await run(process.execPath, [script, join(root, 'nowhere')], {
      env: { ...process.env, MAPX_CONFORMANCE_SUITE: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere does not exist');
    expect(missing.stderr).toContain('never part of this repository');
  });
});
