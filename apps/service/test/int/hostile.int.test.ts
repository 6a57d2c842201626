import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Hostile expressions end with a precise coded error; the service keeps answering everyone else. */
describe('hostile expressions over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPX_EVAL_TIMEOUT_MS: '500', MAPX_EVAL_MAX_DEPTH: '200' });
  });
  afterAll(() => t.close());

  const evaluate = (mapx: string) => t.app.inject({ method: 'POST', url: '/', payload: { mapx } });

  it.each([
    ['an infinite loop', '($f := function($x) { $f($x + 1) * 1 }; $f(0))', /^D101[12]$/],
    ['unbounded recursion', '($f := function($x) { $x > 1e12 ? $x : 1 + $f($x + 1) }; $f(0))', /^D101[12]$/],
    ['a huge range', '$count([1..1e9])', /^D2014$/],
    ['a catastrophic regex', '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)', /^L1001$/],
  ])('%s → 422 with a coded error', async (_name, mapx, code) => {
    const cheap = evaluate('1 + 1');
    const res = await evaluate(mapx);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toMatch(code);
    expect(res.json().__isMapxError).toBe(true);
    expect((await cheap).json()).toBe(2);
  });

  it('keeps serving after all of them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.json().status).toBe('UP');
    expect((await evaluate('"still here"')).json()).toBe('still here');
  });
});
