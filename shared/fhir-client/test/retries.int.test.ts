import { afterEach, describe, expect, it } from 'vitest';
import { createFhirClient, FhirClientError } from '../src/index.js';
import { outcome, sendJson, startLoopback, type LoopbackServer } from './loopback-server.js';

const fast = { retries: 2, baseDelayMs: 5, maxDelayMs: 20 };
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Fails the first `failures` requests with `status` (or drops the connection), then answers a Patient. */
async function flaky(failures: number, status: number | 'drop') {
  server = await startLoopback((req, res, count) => {
    if (count <= failures) {
      if (status === 'drop') res.socket?.destroy();
      else sendJson(res, status, outcome(`busy ${count}`), { 'retry-after': '0' });
      return;
    }
    sendJson(res, req.method === 'POST' ? 201 : 200, { resourceType: 'Patient', id: 'p1' });
  });
  return server;
}

async function failure(p: Promise<unknown>): Promise<FhirClientError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FhirClientError);
  return err as FhirClientError;
}

describe('retries of idempotent requests', () => {
  it('retries a GET that fails twice with 503 and returns the third answer', async () => {
    const { baseUrl, seen } = await flaky(2, 503);
    const client = createFhirClient({ baseUrl, retry: fast });
    expect((await client.read('Patient', 'p1')).id).toBe('p1');
    expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('retries a PUT and a DELETE after dropped connections', async () => {
    const { baseUrl, seen } = await flaky(2, 'drop');
    const client = createFhirClient({ baseUrl, retry: fast });
    expect((await client.update({ resourceType: 'Patient', id: 'p1' })).status).toBe(200);
    await client.delete('Patient', 'p1');
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT', 'DELETE']);
  });

  it('gives up after the configured retries and says how many attempts were made', async () => {
    const { baseUrl, seen } = await flaky(10, 503);
    const err = await failure(createFhirClient({ baseUrl, retry: fast }).read('Patient', 'p1'));
    expect(err).toMatchObject({ kind: 'http', status: 503, attempts: 3, retryAfterS: 0 });
    expect(seen).toHaveLength(3);
  });

  it('does not retry a client error (4xx other than 408/429)', async () => {
    const { baseUrl, seen } = await flaky(10, 400);
    const err = await failure(createFhirClient({ baseUrl, retry: fast }).read('Patient', 'p1'));
    expect(err.status).toBe(400);
    expect(seen).toHaveLength(1);
  });

  it('never retries a POST unless told that repeating it is harmless', async () => {
    const { baseUrl, seen } = await flaky(1, 503);
    const client = createFhirClient({ baseUrl, retry: fast });
    expect((await failure(client.create({ resourceType: 'Patient' }))).status).toBe(503);
    expect(seen).toHaveLength(1);
    expect((await client.create({ resourceType: 'Patient' }, { idempotent: true })).status).toBe(201);
    expect(seen).toHaveLength(2);
  });

  it('sends each request once with retries 0', async () => {
    const { baseUrl, seen } = await flaky(1, 503);
    const err = await failure(createFhirClient({ baseUrl, retry: { retries: 0 } }).read('Patient', 'p1'));
    expect(err.attempts).toBeUndefined();
    expect(seen).toHaveLength(1);
  });
});
