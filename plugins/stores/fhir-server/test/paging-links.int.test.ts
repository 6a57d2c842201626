import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fumeStructureMap, openStore } from './support.js';

/**
 * A server whose searchset Bundles carry `next` links the way misconfigured proxies produce them. The Medplum test
 * server always links under its own base, so this edge needs its own tiny server.
 */
let server: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(`${url.pathname}${url.search}`);
    const page = url.searchParams.get('page') ?? '1';
    const next: Record<string, string> = {
      '1': 'http://internal-host:8080/fhir/StructureMap?page=2',
      '2': 'http://elsewhere.invalid/other/StructureMap?page=3',
    };
    const entry = url.pathname.endsWith('/StructureMap')
      ? [{ resource: fumeStructureMap(`p${page}`, page, base) }]
      : [];
    const link =
      next[page] && url.pathname.endsWith('/StructureMap') ? [{ relation: 'next', url: next[page] }] : [];
    res.writeHead(200, { 'content-type': 'application/fhir+json' });
    res.end(JSON.stringify({ resourceType: 'Bundle', type: 'searchset', entry, link }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fhir-server store: next links', () => {
  it('re-anchors a next link under the base path and refuses one outside it', async () => {
    const store = await openStore({ baseUrl: base, conceptMaps: 'none' });
    await expect(store.load()).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: expect.stringMatching(/outside the server's base URL/),
    });
    expect(seen).toContain('/fhir/StructureMap?page=2');
    expect(seen.some((s) => s.includes('page=3'))).toBe(false);
  });
});
