import { describe, expect, it } from 'vitest';
import { serviceErrorMessage } from '@mapx/api';
import { Warmup } from './warmup.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Warmup', () => {
  it('goes before → during → after', async () => {
    const gate = deferred();
    const w = new Warmup(true);
    w.add('fhir', () => gate.promise);
    expect(w.state()).toEqual({ warming_up: false, warming_up_enabled: true });
    const done = w.start();
    const during = w.state();
    expect(during.warming_up).toBe(true);
    expect(during.warming_up_started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(during.warming_up_finished_at).toBeUndefined();
    gate.resolve();
    await done;
    const after = w.state();
    expect(after.warming_up).toBe(false);
    expect(after.warming_up_finished_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(after.warming_up_error).toBeUndefined();
  });

  it('records a failure by task name and never rejects start()', async () => {
    const w = new Warmup(true);
    w.add('fhir-context', () => Promise.reject(new Error('package x not found')));
    w.add('stores', () => Promise.resolve());
    await expect(w.start()).resolves.toBeUndefined();
    expect(w.state().warming_up_error).toBe('fhir-context: package x not found');
    await expect(w.need('fhir-context')).rejects.toThrow('package x not found');
  });

  it('when disabled, runs a task only when needed, once', async () => {
    let runs = 0;
    const w = new Warmup(false);
    w.add('t', async () => void runs++);
    await w.start();
    expect(runs).toBe(0);
    await Promise.all([w.need('t'), w.need('t')]);
    expect(runs).toBe(1);
    expect(w.state().warming_up_enabled).toBe(false);
  });

  it('needWithin gives up with WARMUP_TIMEOUT', async () => {
    const w = new Warmup(true);
    w.add('slow', () => new Promise(() => undefined));
    await expect(w.needWithin('slow', 20)).rejects.toMatchObject({ code: 'WARMUP_TIMEOUT' });
  });

  it('says which task is not ready after how long, in the words of the WARMING_UP answer', async () => {
    const w = new Warmup(true);
    w.add('slow', () => new Promise(() => undefined));
    const err = (await w.needWithin('slow', 20).catch((e: unknown) => e)) as Error;
    expect(serviceErrorMessage('WARMING_UP', { detail: err.message })).toBe(
      'The service is still warming up (slow not ready after 20 ms); try again shortly',
    );
  });
});
