import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from './index.js';

interface Json {
  [key: string]: unknown;
}

async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json, headers: res.headers };
}

describe('FHIR test server', () => {
  let server: FhirTestServer;

  beforeAll(async () => {
    server = await startFhirTestServer();
    for (let i = 1; i <= 5; i++) {
      await server.repo.createResource({ resourceType: 'Patient', name: [{ family: `Pagingfam${i}` }] });
    }
  });
  afterAll(() => server.close());

  it('serves a CapabilityStatement at /metadata', async () => {
    const { status, body } = await getJson(`${server.baseUrl}/metadata`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
  });

  it('pages searchset Bundles with next links and fullUrls', async () => {
    const ids = new Set<string>();
    let url: string | undefined = `${server.baseUrl}/Patient?_count=2`;
    let pages = 0;
    while (url) {
      const { body } = await getJson(url);
      pages++;
      const entries = body.entry as { fullUrl: string; resource: { id: string } }[];
      for (const e of entries) {
        expect(e.fullUrl).toBe(`${server.baseUrl}/Patient/${e.resource.id}`);
        ids.add(e.resource.id);
      }
      const links = body.link as { relation: string; url: string }[];
      url = links.find((l) => l.relation === 'next')?.url;
    }
    expect(pages).toBe(3);
    expect(ids.size).toBe(5);
  });

  it('answers 201 with ETag and Location on update-as-create, then 204 on delete and 404 after', async () => {
    const created = await getJson(`${server.baseUrl}/Patient/newone`, {
      method: 'PUT',
      headers: { 'content-type': 'application/fhir+json' },
      body: JSON.stringify({ resourceType: 'Patient', id: 'newone' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(`${server.baseUrl}/Patient/newone/_history/`);
    expect(created.headers.get('etag')).toMatch(/^W\/"/);
    const deleted = await fetch(`${server.baseUrl}/Patient/newone`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const missing = await getJson(`${server.baseUrl}/Patient/newone`);
    expect(missing.status).toBe(404);
    expect(missing.body.resourceType).toBe('OperationOutcome');
  });

  it('rejects a stale If-Match with 412', async () => {
    const p = await server.repo.createResource({ resourceType: 'Patient', id: 'x', gender: 'male' });
    const res = await fetch(`${server.baseUrl}/Patient/${p.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/fhir+json', 'if-match': 'W/"not-the-version"' },
      body: JSON.stringify({ ...p, gender: 'female' }),
    });
    expect(res.status).toBe(412);
  });

  it('accepts a form-encoded POST _search', async () => {
    const { status, body } = await getJson(`${server.baseUrl}/Patient/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'family=Pagingfam3',
    });
    expect(status).toBe(200);
    expect(body.total).toBe(1);
  });

  it('answers 400 on a body that is not JSON', async () => {
    const res = await fetch(`${server.baseUrl}/Patient`, { method: 'POST', body: '{nope' });
    expect(res.status).toBe(400);
  });
});

describe('FHIR test server with basic auth', () => {
  let server: FhirTestServer;
  beforeAll(async () => {
    server = await startFhirTestServer({ basicAuth: { username: 'u', password: 'p' } });
  });
  afterAll(() => server.close());

  it('answers 401 without credentials and 200 with them', async () => {
    expect((await fetch(`${server.baseUrl}/metadata`)).status).toBe(401);
    const auth = `Basic ${Buffer.from('u:p').toString('base64')}`;
    expect((await fetch(`${server.baseUrl}/metadata`, { headers: { authorization: auth } })).status).toBe(
      200,
    );
    expect(server.requests.map((r) => r.hasAuthorization)).toEqual([false, true]);
  });
});
