import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

/** Polynomial backtracking: one synchronous regex call that only the thread's outside limit can stop. */
const SYNC_RUNAWAY = '$contains($pad("", 60, "a"), /a*a*a*a*a*a*b/)';
/** Stopped by the engine's own limit in the thread, which survives it (queued tasks then run). */
const RECURSIVE_RUNAWAY = '($f := function($x){ $f($x+1) }; $f(0))';
const BOUNDED = '$.a + 1';

function post(t: TestApp, mapx: string, input?: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/',
    payload: { mapx, ...(input === undefined ? {} : { input }) },
  });
}

/** Both evaluation threads busy with runaways; `then` runs while they are. Resolves in order of completion. */
async function whileThreadsAreBusy(
  t: TestApp,
  runaway: string,
  then: () => Promise<unknown>,
): Promise<string[]> {
  const finished: string[] = [];
  const runaways = [0, 1].map(async () => {
    const res = await post(t, runaway);
    finished.push('runaway');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'D1012' });
  });
  // both tasks are in the threads before the next request is received
  await new Promise((resolve) => setTimeout(resolve, 100));
  await then().then(() => finished.push('request'));
  await Promise.all(runaways);
  return finished;
}

describe('expressions proven bounded run on the receiving thread (isolation on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAPX_EVAL_ISOLATION: 'worker',
      MAPX_EVAL_THREADS: '2',
      MAPX_EVAL_TIMEOUT_MS: '1000',
    });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('sends a bounded expression over an input beyond the budget to the threads', async () => {
    expect((await post(t, BOUNDED, { a: 1 })).json()).toBe(2);
    const large = { a: 1, pad: Array.from({ length: 5000 }, (_, i) => i) };
    const order = await whileThreadsAreBusy(t, RECURSIVE_RUNAWAY, async () => {
      expect((await post(t, BOUNDED, large)).json()).toBe(2);
    });
    // it waited for a thread: a runaway ended first
    expect(order[0]).toBe('runaway');
  });

  it('never evaluates an unproven expression here, even a harmless one', async () => {
    const unproven = '($x := a; $x + 1)';
    expect((await post(t, unproven, { a: 1 })).json()).toBe(2);
    const order = await whileThreadsAreBusy(t, RECURSIVE_RUNAWAY, async () => {
      expect((await post(t, unproven, { a: 2 })).json()).toBe(3);
    });
    // it waited for a thread: a runaway ended first
    expect(order[0]).toBe('runaway');
  });

  it('answers a bounded expression a thread has proven while every thread runs a runaway, which is still stopped', async () => {
    // first in a thread, which reports the bound
    expect((await post(t, BOUNDED, { a: 1 })).json()).toBe(2);
    const order = await whileThreadsAreBusy(t, SYNC_RUNAWAY, async () => {
      const res = await post(t, BOUNDED, { a: 41 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(42);
    });
    expect(order).toEqual(['request', 'runaway', 'runaway']);
  });
});
