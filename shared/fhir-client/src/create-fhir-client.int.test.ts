import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { createServer as createHttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFhirClient, FhirClientError, fhirClientOptionsFromEnv } from './index.js';
import { closedPort } from '../test/loopback-server.js';

async function rejection(p: Promise<unknown>): Promise<FhirClientError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FhirClientError);
  return err as FhirClientError;
}

describe('createFhirClient against a real FHIR server', () => {
  let server: FhirTestServer;
  beforeAll(async () => {
    server = await startFhirTestServer();
    for (let i = 1; i <= 7; i++) {
      await server.repo.updateResource({
        resourceType: 'Patient',
        id: `pg${i}`,
        name: [{ family: 'Pagerfam' }],
      });
    }
  });
  afterAll(() => server.close());

  it('reads a resource and a literal reference', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    expect((await client.read('Patient', 'pg1')).id).toBe('pg1');
    expect((await client.readReference('Patient/pg2')).id).toBe('pg2');
    expect((await client.readReference(`${server.baseUrl}/Patient/pg3`)).id).toBe('pg3');
  });

  it('reports a 404 with the OperationOutcome and the request summary', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const err = await rejection(client.read('Patient', 'nope'));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(404);
    expect(err.request).toEqual({
      method: 'GET',
      url: `${server.baseUrl}/Patient/nope`,
      resourceType: 'Patient',
      id: 'nope',
    });
    expect((err.operationOutcome as { resourceType: string }).resourceType).toBe('OperationOutcome');
  });

  it('searches with an inline query plus params, GET or POST', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const get = await client.search('Patient?family=Pagerfam', { _count: 3 });
    expect(get.total).toBe(7);
    expect(get.entry).toHaveLength(3);
    const post = await client.search('Patient', { _id: ['pg1,pg2'] }, { asPost: true });
    expect(post.entry?.map((e) => e.resource?.id).sort()).toEqual(['pg1', 'pg2']);
  });

  it('follows next links across pages and caps at maxResults', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const all = await client.searchAll('Patient', { family: 'Pagerfam', _count: 2 });
    expect(all.truncated).toBe(false);
    expect(new Set(all.entries.map((e) => e.resource?.id)).size).toBe(7);
    const capped = await client.searchAll('Patient', { family: 'Pagerfam', _count: 2 }, { maxResults: 5 });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.entries).toHaveLength(5);
  });

  it('creates, updates with If-Match and deletes', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const created = await client.create({ resourceType: 'Basic', code: { text: 'c' } });
    expect(created.status).toBe(201);
    const resource = created.resource as { id: string; meta: { versionId: string } };
    const updated = await client.update(
      { resourceType: 'Basic', id: resource.id, code: { text: 'd' } },
      { ifMatch: resource.meta.versionId },
    );
    expect(updated.status).toBe(200);
    const stale = await rejection(
      client.update({ resourceType: 'Basic', id: resource.id }, { ifMatch: resource.meta.versionId }),
    );
    expect(stale.status).toBe(412);
    await client.delete('Basic', resource.id);
    expect((await rejection(client.read('Basic', resource.id))).status).toBe(404);
  });

  it("reads a resource's history and refuses a bad id without sending anything", async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const created = await client.create({ resourceType: 'Basic', code: { text: 'h1' } });
    const { id } = created.resource as { id: string };
    await client.update({ resourceType: 'Basic', id, code: { text: 'h2' } });
    const history = await client.history('Basic', id, { count: 10 });
    expect(history.resourceType).toBe('Bundle');
    const texts = (history.entry ?? []).map((e) => (e.resource as { code: { text: string } }).code.text);
    expect(texts.sort()).toEqual(['h1', 'h2']);
    const before = server.requests.length;
    expect((await rejection(client.history('Basic', '../x'))).kind).toBe('refused-url');
    expect(server.requests.length).toBe(before);
  });

  it('posts a transaction Bundle to the base and returns the response Bundle', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const response = await client.transaction({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          resource: { resourceType: 'Patient', id: 'tx1', name: [{ family: 'Txfam' }] },
          request: { method: 'PUT', url: 'Patient/tx1' },
        },
      ],
    });
    expect(response.type).toBe('transaction-response');
    expect(response.entry).toHaveLength(1);
    expect((await client.read('Patient', 'tx1')).id).toBe('tx1');
    expect(server.requests.at(-2)).toMatchObject({ method: 'POST', url: new URL(server.baseUrl).pathname });
  });

  it('returns the CapabilityStatement', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    expect((await client.capabilities()).resourceType).toBe('CapabilityStatement');
  });

  it('refuses URLs outside the base, path tricks and bad ids without sending anything', async () => {
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const before = server.requests.length;
    const origin = new URL(server.baseUrl).origin;
    for (const ref of [
      'http://evil.example/fhir/Patient/1',
      `${origin}/other/Patient/1`,
      `${server.baseUrl}/../admin/Patient/1`,
      'Patient/%2e%2e/%2e%2e/x',
      '../Patient/1',
      '//evil.example/fhir/Patient/1',
      'file:///etc/passwd',
    ]) {
      expect((await rejection(client.readReference(ref))).kind).toBe('refused-url');
    }
    expect((await rejection(client.read('Patient', '../x'))).kind).toBe('refused-url');
    expect((await rejection(client.search('../Patient'))).kind).toBe('refused-url');
    expect(server.requests.length).toBe(before);
  });

  it('reports timeouts, unreachable servers and missing credentials', async () => {
    const slow = await startFhirTestServer({ delayMs: 400 });
    try {
      const err = await rejection(createFhirClient({ baseUrl: slow.baseUrl, timeoutMs: 50 }).capabilities());
      expect(err).toMatchObject({ kind: 'timeout', timeoutMs: 50 });
    } finally {
      await slow.close();
    }
    const port = await closedPort();
    const down = await rejection(
      createFhirClient({ baseUrl: `http://127.0.0.1:${port}/fhir` }).read('Patient', '1'),
    );
    expect(down).toMatchObject({ kind: 'network', sourceErrorCode: 'ECONNREFUSED' });
  });
});

describe('createFhirClient with basic auth', () => {
  let server: FhirTestServer;
  beforeAll(async () => {
    server = await startFhirTestServer({ basicAuth: { username: 'mapx', password: 's3cret' } });
  });
  afterAll(() => server.close());

  it('sends the credentials and never shows them in errors', async () => {
    const ok = createFhirClient({
      baseUrl: server.baseUrl,
      authType: 'BASIC',
      username: 'mapx',
      password: 's3cret',
    });
    expect((await ok.capabilities()).resourceType).toBe('CapabilityStatement');
    const wrong = createFhirClient({
      baseUrl: server.baseUrl,
      authType: 'BASIC',
      username: 'mapx',
      password: 'bad',
    });
    const err = await rejection(wrong.read('Patient', '1'));
    expect(err.status).toBe(401);
    expect(JSON.stringify({ ...err, message: err.message })).not.toMatch(/bad|Basic /);
    const none = await rejection(createFhirClient({ baseUrl: server.baseUrl }).capabilities());
    expect(none.status).toBe(401);
  });
});

describe('next links from a hostile server', () => {
  it('are refused and never fetched', async () => {
    const victimHits: string[] = [];
    const victim = createHttpServer((req, res) => {
      victimHits.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((r) => victim.listen(0, '127.0.0.1', () => r()));
    const victimUrl = `http://127.0.0.1:${(victim.address() as { port: number }).port}/fhir/Patient?page=2`;
    const hostile = createHttpServer((_req, res) => {
      res.setHeader('content-type', 'application/fhir+json');
      res.end(
        JSON.stringify({
          resourceType: 'Bundle',
          type: 'searchset',
          link: [{ relation: 'next', url: victimUrl }],
          entry: [],
        }),
      );
    });
    await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', () => r()));
    try {
      const client = createFhirClient({
        baseUrl: `http://127.0.0.1:${(hostile.address() as { port: number }).port}/fhir`,
      });
      const err = await rejection(client.searchAll('Patient'));
      expect(err.kind).toBe('refused-url');
      expect(victimHits).toEqual([]);
    } finally {
      hostile.closeAllConnections();
      victim.closeAllConnections();
      await Promise.all([hostile, victim].map((s) => new Promise<void>((r) => s.close(() => r()))));
    }
  });
});

describe('fhirClientOptionsFromEnv', () => {
  it('reads FHIR_SERVER_* with defaults and disables on empty or n/a', () => {
    expect(fhirClientOptionsFromEnv({})).toBeUndefined();
    expect(fhirClientOptionsFromEnv({ FHIR_SERVER_BASE: ' N/A ' })).toBeUndefined();
    expect(fhirClientOptionsFromEnv({ FHIR_SERVER_BASE: ' http://h/fhir ' })).toEqual({
      baseUrl: 'http://h/fhir',
      authType: 'NONE',
      timeoutMs: 30000,
    });
    expect(
      fhirClientOptionsFromEnv({
        FHIR_SERVER_BASE: 'http://h/fhir',
        FHIR_SERVER_AUTH_TYPE: 'basic',
        FHIR_SERVER_UN: 'u',
        FHIR_SERVER_PW: 'p',
        FHIR_SERVER_TIMEOUT: '1500',
      }),
    ).toEqual({ baseUrl: 'http://h/fhir', authType: 'BASIC', username: 'u', password: 'p', timeoutMs: 1500 });
  });
});
