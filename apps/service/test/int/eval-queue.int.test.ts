import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

/**
 * A FHIR server whose capability statement takes `delayMs` to arrive: `$capabilities()` then holds its evaluation
 * thread for that long without using CPU, so how long a thread is busy does not depend on the machine's load.
 */
async function slowFhirServer(delayMs: number): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const answer = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/fhir+json' });
      res.end(JSON.stringify(body));
    };
    if (req.url?.startsWith('/metadata'))
      setTimeout(() => answer({ resourceType: 'CapabilityStatement', status: 'active' }), delayMs);
    else answer({ resourceType: 'Bundle', type: 'searchset', total: 0, entry: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const HOLD = '$capabilities().resourceType';

function post(t: TestApp, mapx: string) {
  return t.app.inject({ method: 'POST', url: '/', payload: { mapx } });
}

async function serviceWith(delayMs: number, env: Record<string, string>) {
  const fhir = await slowFhirServer(delayMs);
  const t = await createTestApp({
    MAPX_EVAL_ISOLATION: 'worker',
    MAPX_EVAL_THREADS: '1',
    FHIR_SERVER_BASE: fhir.base,
    ...env,
  });
  await warmedUp(t.app);
  return {
    t,
    close: async () => {
      await t.close();
      await new Promise((resolve) => fhir.server.close(resolve));
    },
  };
}

describe('waiting for an evaluation thread (MAPX_EVAL_QUEUE_TIMEOUT_MS)', () => {
  let s: Awaited<ReturnType<typeof serviceWith>>;
  beforeAll(async () => {
    s = await serviceWith(1500, { MAPX_EVAL_TIMEOUT_MS: '5000', MAPX_EVAL_QUEUE_TIMEOUT_MS: '300' });
  });
  afterAll(() => s?.close());

  it('answers 503 EVAL_QUEUE_TIMEOUT with Retry-After once the only thread stays busy past the wait limit', async () => {
    const holder = post(s.t, HOLD);
    await new Promise((r) => setTimeout(r, 200)); // the holder is on the thread
    const waiting = await post(s.t, '1 + 1');
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toEqual({
      code: 'EVAL_QUEUE_TIMEOUT',
      message:
        'No evaluation thread became free within 300 ms (MAPX_EVAL_QUEUE_TIMEOUT_MS): the service is busy; retry after 1 s',
    });
    const held = await holder;
    expect(held.statusCode).toBe(200);
    expect(held.json()).toBe('CapabilityStatement');
    // the thread is free again: the service keeps serving
    expect((await post(s.t, '1 + 1')).json()).toBe(2);
  });
});

describe('the evaluation time limit (MAPX_EVAL_TIMEOUT_MS) counts no queue time', () => {
  let s: Awaited<ReturnType<typeof serviceWith>>;
  beforeAll(async () => {
    // each evaluation holds the thread 1.4 s of a 2 s limit; the second waits 1.4 s for it first
    s = await serviceWith(1400, { MAPX_EVAL_TIMEOUT_MS: '2000', MAPX_EVAL_QUEUE_TIMEOUT_MS: '10000' });
  });
  afterAll(() => s?.close());

  it('answers both of two requests that together take longer than the limit on one thread', async () => {
    const [first, second] = await Promise.all([post(s.t, HOLD), post(s.t, HOLD)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toBe('CapabilityStatement');
  });
});
