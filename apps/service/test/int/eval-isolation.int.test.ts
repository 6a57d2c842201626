import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

/** Polynomial backtracking (six adjacent stars, no nested quantifier): one synchronous regex call for ever. */
const SYNC_RUNAWAY = '$contains($pad("", 60, "a"), /a*a*a*a*a*a*b/)';
const RECURSIVE_RUNAWAY = '($f := function($x){ $f($x+1) }; $f(0))';
/**
 * Twenty thousand distinct 100 kB strings (2 GB): far beyond a 64 MB heap, in many separate allocations (one
 * allocation larger than Node's allowance past the limit aborts the process instead: docs/architecture.md).
 */
const MEMORY_HOG = '$count([1..20000].$uppercase($pad($string($), 100000, "x")))';
const ADT = [
  'MSH|^~\\&|SEND|FAC|RECV|FAC|20240101120000||ADT^A01|MSG1|P|2.5',
  'PID|1||12345^^^HOSP^MR||Doe^Jane||19800101|F',
].join('\r');

function post(t: TestApp, mapx: string, input?: unknown, verbose = false) {
  return t.app.inject({
    method: 'POST',
    url: verbose ? '/?verbose=true' : '/',
    payload: { mapx, ...(input === undefined ? {} : { input }) },
  });
}

describe('evaluation in worker threads (MAPX_EVAL_ISOLATION=worker, the default)', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mapx-iso-'));
    writeFileSync(join(folder, 'greet.mapx'), '"Hello, " & name');
    t = await createTestApp({
      MAPX_EVAL_ISOLATION: 'worker',
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      MAPX_EVAL_TIMEOUT_MS: '1000',
      MAPX_EVAL_THREADS: '2',
    });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('is ready before warm-up reports done, and health stays UP', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health).toMatchObject({ status: 'UP', warming_up: false });
    expect(t.app.mapx.evalPool).toBeDefined();
  });

  it("gives every thread the configured young generation, whatever Node's own default (48 or 192 MB)", async () => {
    const limits = t.app.mapx.evalPool?.threadHeapLimits() ?? [];
    expect(limits).toEqual([
      { oldGenerationMb: 1024, youngGenerationMb: 48 },
      { oldGenerationMb: 1024, youngGenerationMb: 48 },
    ]);
    const small = await createTestApp({
      MAPX_EVAL_ISOLATION: 'worker',
      MAPX_EVAL_THREADS: '2',
      MAPX_EVAL_MEMORY_MB: '256',
      MAPX_EVAL_YOUNG_GENERATION_MB: '24',
    });
    try {
      await warmedUp(small.app);
      expect(small.app.mapx.evalPool?.threadHeapLimits()).toEqual([
        { oldGenerationMb: 256, youngGenerationMb: 24 },
        { oldGenerationMb: 256, youngGenerationMb: 24 },
      ]);
    } finally {
      await small.close();
    }
  });

  it('ends a synchronous runaway at the limit with D1012 while a neighbour is answered meanwhile', async () => {
    const finished: string[] = [];
    const runaway = post(t, SYNC_RUNAWAY).then((res) => {
      finished.push('runaway');
      return res;
    });
    const neighbour = await post(t, '$.a + 1', { a: 1 });
    finished.push('neighbour');
    expect(neighbour.statusCode).toBe(200);
    expect(neighbour.json()).toBe(2);
    const ended = await runaway;
    expect(finished).toEqual(['neighbour', 'runaway']);
    expect(ended.statusCode).toBe(422);
    expect(ended.json()).toMatchObject({
      __isMapxError: true,
      code: 'D1012',
      name: 'EvaluationError',
      message: expect.stringContaining('1000 milliseconds'),
    });
    // the replaced worker serves as before
    expect((await post(t, '$.a * 3', { a: 2 })).json()).toBe(6);
  });

  it('answers a runaway in verbose mode with a D1012 report, as the engine does', async () => {
    for (const expr of [SYNC_RUNAWAY, RECURSIVE_RUNAWAY]) {
      const res = await post(t, expr, undefined, true);
      expect(res.statusCode).toBe(422);
      const report = res.json();
      expect(report).toMatchObject({ ok: false, status: 422 });
      expect(report.diagnostics.error[0]).toMatchObject({ code: 'D1012', value: 1000, level: 'fatal' });
    }
  });

  it('evaluates saved mappings with the text of the latest write', async () => {
    const run = () =>
      t.app.inject({
        method: 'POST',
        url: '/Mapping/greet',
        payload: '{"name":"Dana"}',
        headers: { 'content-type': 'application/json' },
      });
    expect((await run()).json()).toBe('Hello, Dana');
    for (const greeting of ['Hi', 'Howdy', 'Hey']) {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/Mapping/greet',
        payload: `"${greeting}, " & name`,
        headers: { 'content-type': 'application/vnd.vendor.mapx' },
      });
      expect(put.statusCode).toBeLessThan(300);
      // several requests: each worker thread must see the write, not only the one that evaluates first
      const answers = await Promise.all([run(), run(), run(), run()]);
      for (const a of answers) expect(a.json()).toBe(`${greeting}, Dana`);
    }
  });

  it('runs $v2json and $parseCsv inside the worker with the service normalisers', async () => {
    const res = await post(t, '$v2json($.msg).PID.PatientName.FamilyName', { msg: ADT });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Doe');
    const csv = await post(t, '$parseCsv("a,b\\n1,2").b');
    expect(csv.json()).toBe('2');
  });

  it('sends byte-identical bodies to those of in-process evaluation', async () => {
    const off = await createTestApp({ MAPX_EVAL_ISOLATION: 'off' });
    try {
      expect(off.app.mapx.evalPool).toBeUndefined();
      const cases: Array<[string, unknown, boolean]> = [
        ['{"a": $.x, "b": [1, 2.5, "ü"], "c": null}', { x: 'y' }, false],
        ['$undefinedThing', {}, false],
        ['$error("boom")', {}, false],
        ['1 +', {}, false],
        ['$.x', { x: [1, { y: true }] }, false],
        ['function($x){ $x }', {}, false],
      ];
      for (const [expr, input, verbose] of cases) {
        const [a, b] = await Promise.all([post(t, expr, input, verbose), post(off, expr, input, verbose)]);
        expect(a.statusCode, expr).toBe(b.statusCode);
        expect(a.body, expr).toBe(b.body);
        expect(a.headers['content-type'], expr).toBe(b.headers['content-type']);
      }
    } finally {
      await off.close();
    }
  });
});

describe('evaluation threads with warm-up disabled (MAPX_WARMUP=false)', () => {
  it('are started by the first evaluation, and closing the app stops them', async () => {
    const t = await createTestApp({ MAPX_WARMUP: 'false', MAPX_EVAL_ISOLATION: 'worker' });
    try {
      expect(t.app.mapx.warmup.settled('evaluation-workers')).toBe(false);
      const res = await post(t, '$.a & "!"', { a: 'ok' });
      expect(res.json()).toBe('ok!');
      expect(t.app.mapx.warmup.settled('evaluation-workers')).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('an evaluation that exhausts its worker heap (MAPX_EVAL_MEMORY_MB)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAPX_EVAL_ISOLATION: 'worker',
      MAPX_EVAL_MEMORY_MB: '64',
      MAPX_EVAL_TIMEOUT_MS: '30000',
      MAPX_EVAL_THREADS: '2',
    });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('fails alone with L1006; the service answers /health and evaluations afterwards', async () => {
    const res = await post(t, MEMORY_HOG);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'L1006', message: expect.stringContaining('64 MB') });
    const verbose = await post(t, MEMORY_HOG, undefined, true);
    expect(verbose.json().diagnostics.error[0]).toMatchObject({ code: 'L1006', value: 64 });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'UP' });
    const after = await Promise.all([post(t, '$.n + 1', { n: 41 }), post(t, '$.n + 1', { n: 1 })]);
    expect(after.map((r) => r.json())).toEqual([42, 2]);
  });
});
