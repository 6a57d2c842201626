import { afterEach, describe, expect, it } from 'vitest';
import { createFhirClient, FhirClientError } from '../src/index.js';
import { sendJson, startLoopback, type LoopbackServer } from './loopback-server.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const bundle = (page: number, next?: string) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: [{ resource: { resourceType: 'Patient', id: `p${page}` }, search: { mode: 'match' } }],
  link: next ? [{ relation: 'next', url: next }] : [],
});

describe('conditional writes', () => {
  it('sends If-Match as a weak ETag of the version, or as given when already an ETag', async () => {
    server = await startLoopback((req, res) =>
      sendJson(res, 200, { resourceType: 'Patient', id: 'p1', meta: { versionId: '4' } }, { etag: 'W/"4"' }),
    );
    const client = createFhirClient({ baseUrl: server.baseUrl });
    const res = await client.update({ resourceType: 'Patient', id: 'p1' }, { ifMatch: '3' });
    expect(res.etag).toBe('W/"4"');
    await client.update({ resourceType: 'Patient', id: 'p1' }, { ifMatch: '"abc"' });
    await client.update({ resourceType: 'Patient', id: 'p1' }, { ifNoneMatch: '*' });
    await client.delete('Patient', 'p1', { ifMatch: '4' });
    expect(server.seen.map((r) => [r.method, r.headers['if-match'], r.headers['if-none-match']])).toEqual([
      ['PUT', 'W/"3"', undefined],
      ['PUT', '"abc"', undefined],
      ['PUT', undefined, '*'],
      ['DELETE', 'W/"4"', undefined],
    ]);
  });
});

describe('paging', () => {
  it('re-anchors next links on the base origin only when asked to', async () => {
    server = await startLoopback((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1');
      sendJson(
        res,
        200,
        bundle(page, page < 3 ? `http://internal:8080/fhir/Patient?page=${page + 1}` : undefined),
      );
    });
    const strict = createFhirClient({ baseUrl: server.baseUrl });
    const refused = await strict.searchAll('Patient').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ kind: 'refused-url' });
    const lenient = createFhirClient({ baseUrl: server.baseUrl, reanchorNextLinks: true });
    const all = await lenient.searchAll('Patient');
    expect(all.entries.map((e) => e.resource?.id)).toEqual(['p1', 'p2', 'p3']);
    expect(server.seen.slice(-2).map((r) => r.url)).toEqual(['/fhir/Patient?page=2', '/fhir/Patient?page=3']);
  });

  it('stops quietly at a repeated next link, or fails when asked to, and bounds the pages', async () => {
    server = await startLoopback((_req, res) => sendJson(res, 200, bundle(1, 'Patient?page=again')));
    const client = createFhirClient({ baseUrl: server.baseUrl });
    expect((await client.searchAll('Patient')).entries).toHaveLength(2);
    const looping = await client.searchAll('Patient', undefined, { onRepeatedLink: 'fail' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(looping).toBeInstanceOf(FhirClientError);
    expect(looping).toMatchObject({ kind: 'endless-paging' });
    await server.close();
    let n = 0;
    server = await startLoopback((_req, res) => sendJson(res, 200, bundle(++n, `Patient?page=${n + 1}`)));
    const capped = createFhirClient({ baseUrl: server.baseUrl });
    const err = await capped.searchAll('Patient', undefined, { maxPages: 4 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: 'endless-paging' });
    expect(server.seen).toHaveLength(4);
  });
});
