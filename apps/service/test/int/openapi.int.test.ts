import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Fastify `/Mapping/:mappingId/*` → OpenAPI `/Mapping/{mappingId}/{subroute}`. */
function toOpenApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{subroute}');
}

describe('the OpenAPI document is kept in step with the code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPPINGS_FOLDER: mkdtempSync(join(tmpdir(), 'mapx-openapi-')) });
  });
  afterAll(() => t.close());

  it('documents exactly the routes the service registers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = [
      ...new Set(
        t.app.mapxRoutes
          .filter((r) => r.method !== 'OPTIONS')
          .map((r) => `${r.method} ${toOpenApiPath(r.url)}`),
      ),
    ].sort();
    expect(documented).toEqual(registered);
  });

  it('serves a self-contained human-readable page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('/Mapping/{mappingId}');
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!127)/);
  });
});
