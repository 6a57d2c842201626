import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createRecordingLogger } from '@mapx/plugin-testkit/store';
import { fumeStructureMap, openStore } from './support.js';

const credentials = { username: 'mapx-user', password: 'S3cret-pässword' };
let server: FhirTestServer;

beforeAll(async () => {
  server = await startFhirTestServer({ basicAuth: credentials });
  await server.repo.updateResource(fumeStructureMap('guarded', '"ok"', server.baseUrl) as never);
});
afterAll(() => server.close());

/** A port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('fhir-server store: connection', () => {
  it('sends basic auth credentials on every request', async () => {
    const store = await openStore({ baseUrl: server.baseUrl, authType: 'BASIC', ...credentials });
    expect(Object.fromEntries((await store.load()).mappings)).toEqual({ guarded: '"ok"' });
    expect(await store.put!('written', '1')).toEqual({ created: true });
    expect(server.requests.length).toBeGreaterThan(2);
    expect(server.requests.every((r) => r.hasAuthorization)).toBe(true);
  });

  it('reports refused credentials as STORE_UNAVAILABLE without revealing them', async () => {
    const logger = createRecordingLogger();
    const store = await openStore(
      { baseUrl: server.baseUrl, authType: 'BASIC', username: 'mapx-user', password: 'wrong-password' },
      logger,
    );
    const error = await store.load().then(
      () => undefined,
      (e: unknown) => e as Error & { code: string },
    );
    expect(error).toMatchObject({ name: 'StoreError', code: 'STORE_UNAVAILABLE' });
    expect(error?.message).toMatch(/HTTP 401/);
    const visible = `${error?.message} ${JSON.stringify(logger.entries)}`;
    expect(visible).not.toContain('wrong-password');
    expect(visible).not.toContain(Buffer.from('mapx-user:wrong-password').toString('base64'));
  });

  it('reports a closed port as STORE_UNAVAILABLE at once, not after the timeout', async () => {
    const port = await closedPort();
    const store = await openStore({ baseUrl: `http://127.0.0.1:${port}/fhir`, timeoutMs: 600_000 });
    await expect(store.load()).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: expect.stringMatching(/unreachable \(ECONNREFUSED\)/),
    });
    await expect(store.get('x')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await expect(store.put!('x', '1')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
  }, 5_000);

  it('gives up on a server that does not answer within the timeout', async () => {
    const slow = await startFhirTestServer({ delayMs: 5_000 });
    try {
      const store = await openStore({ baseUrl: slow.baseUrl, timeoutMs: 50 });
      await expect(store.load()).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
        message: expect.stringMatching(/no answer within 50 ms/),
      });
    } finally {
      await slow.close();
    }
  });
});
