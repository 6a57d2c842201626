import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fumeStructureMap, openStore } from './support.js';

/** A server that answers every new request path with a 503 twice before it answers properly. */
let server: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = `${req.method} ${url.pathname}${url.search}`;
    seen.push(key);
    if (seen.filter((s) => s === key).length <= 2) {
      res.writeHead(503, { 'content-type': 'application/fhir+json', 'retry-after': '0' });
      res.end(JSON.stringify({ resourceType: 'OperationOutcome', issue: [{ diagnostics: 'warming up' }] }));
      return;
    }
    const entry = url.pathname.endsWith('/StructureMap')
      ? [{ resource: fumeStructureMap('m1', '1', base) }]
      : [];
    res.writeHead(200, { 'content-type': 'application/fhir+json' });
    res.end(JSON.stringify({ resourceType: 'Bundle', type: 'searchset', entry }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fhir-server store: transient failures', () => {
  it('retries searches that fail with 503 and loads what the third attempt returns', async () => {
    const store = await openStore({ baseUrl: base, conceptMaps: 'none' });
    expect(Object.fromEntries((await store.load()).mappings)).toEqual({ m1: '1' });
    const structureMapSearches = seen.filter((s) => s.startsWith('GET /fhir/StructureMap?'));
    expect(structureMapSearches).toHaveLength(3);
  });
});
