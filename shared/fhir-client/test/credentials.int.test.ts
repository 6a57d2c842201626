import { afterEach, describe, expect, it } from 'vitest';
import { createFhirClient, FhirClientError, type FhirClientOptions } from '../src/index.js';
import { closedPort, outcome, sendJson, startLoopback, type LoopbackServer } from './loopback-server.js';

const PASSWORD = 'pa55-Wörd-never-shown';
const TOKEN = 'tok-0123456789-secret';
const basic = { authType: 'BASIC', username: 'mapx', password: PASSWORD } as const;
const bearer = { authType: 'BEARER', token: TOKEN } as const;
const fast = { retries: 1, baseDelayMs: 1, maxDelayMs: 2 };

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Everything an error shows: message, stack, own fields and its JSON. */
function visible(err: unknown): string {
  const e = err as Error;
  return `${e.message}\n${e.stack}\n${JSON.stringify(e)}\n${JSON.stringify({ ...e })}`;
}

function expectClean(err: unknown): void {
  expect(err).toBeInstanceOf(FhirClientError);
  const text = visible(err);
  for (const secret of [
    PASSWORD,
    TOKEN,
    Buffer.from(`mapx:${PASSWORD}`).toString('base64'),
    'Basic ',
    'Bearer ',
  ]) {
    expect(text).not.toContain(secret);
  }
}

const fail = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('credentials', () => {
  it('sends Basic and Bearer credentials', async () => {
    server = await startLoopback((_req, res) => sendJson(res, 200, { resourceType: 'CapabilityStatement' }));
    await createFhirClient({ baseUrl: server.baseUrl, ...basic }).capabilities();
    await createFhirClient({ baseUrl: server.baseUrl, ...bearer }).capabilities();
    expect(server.seen.map((r) => r.headers.authorization)).toEqual([
      `Basic ${Buffer.from(`mapx:${PASSWORD}`, 'utf8').toString('base64')}`,
      `Bearer ${TOKEN}`,
    ]);
  });

  it.each([basic, bearer] as Partial<FhirClientOptions>[])(
    'never shows them in an error (%o)',
    async (auth) => {
      // A server that echoes the Authorization header back in its OperationOutcome must not leak it either way:
      // the error keeps the outcome, so it is the server's echo we look for being absent from the message.
      server = await startLoopback((_req, res) => sendJson(res, 401, outcome('unauthorised')));
      const client = createFhirClient({ baseUrl: server.baseUrl, retry: fast, ...auth });
      expectClean(await fail(client.read('Patient', 'p1')));
      expectClean(await fail(client.searchAll('Patient', { name: 'x' })));
      expectClean(await fail(client.update({ resourceType: 'Patient', id: 'p1' }, { ifMatch: '1' })));
      expectClean(await fail(client.transaction({ resourceType: 'Bundle', type: 'transaction' })));
      const down = await closedPort();
      const offline = createFhirClient({ baseUrl: `http://127.0.0.1:${down}/fhir`, retry: fast, ...auth });
      const err = await fail(offline.read('Patient', 'p1'));
      expect(err).toMatchObject({ kind: 'network', attempts: 2 });
      expectClean(err);
    },
  );

  it('refuses a base URL or reference that carries user info, without sending anything', async () => {
    server = await startLoopback((_req, res) => sendJson(res, 200, { resourceType: 'Patient' }));
    const client = createFhirClient({ baseUrl: server.baseUrl, ...basic });
    const ref = server.baseUrl.replace('http://', `http://mapx:${PASSWORD}@`) + '/Patient/p1';
    const err = await fail(client.readReference(ref));
    expect(err).toMatchObject({ kind: 'refused-url' });
    expectClean(err);
    expect(server.seen).toHaveLength(0);
  });
});
