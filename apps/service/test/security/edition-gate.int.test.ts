import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every registered route × method × edition (spec: "Editions"): the enterprise-only set is mapping PUT and
 * DELETE (PUT with no segment after the id included, and the writes of mapping test cases), the template
 * endpoints and the authentication layer.
 */
const AUTH_YAML = Buffer.from(
  `version: 1
keycloak: { issuer: http://127.0.0.1:9/realms/x }
designerClient: { clientId: designer }
resource: { url: http://mapx.test, name: mapx }
policy: { defaultRule: { access: public } }
`,
).toString('base64');

function enterpriseOnly(method: string, url: string): boolean {
  if (/^\/(Template|auth)(\/|$)/.test(url) || url.startsWith('/.well-known/')) return true;
  if ((method === 'PUT' || method === 'DELETE') && /^\/Mapping\/[^/]+\/?$/.test(url)) return true;
  // test case writes are mapping writes too (docs/authoring.md#tests-beside-mappings)
  if ((method === 'PUT' || method === 'DELETE') && /^\/MappingTests\/[^/]+\/[^/]+$/.test(url)) return true;
  return method === 'PUT' && /^\/Mapping\/[^/]+\/+$/.test(url);
}

/** Concrete requests for a route pattern: each parameter filled, a wildcard empty, one and two segments deep. */
function concrete(url: string): string[] {
  const filled = url.replace(/:(\w+)/g, 'x1').replace('$list', '$list?type=resource');
  if (!filled.endsWith('*')) return [filled];
  const base = filled.slice(0, -1);
  return [base + 'a', base + 'a/b', base, base + '/'];
}

async function routeTable(env: Record<string, string>): Promise<{ method: string; url: string }[]> {
  const t = await createTestApp(env);
  try {
    return [...t.app.mapxRoutes];
  } finally {
    await t.close();
  }
}

describe('one edition gate', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mapx-editions-'));
  const env = { MAPPINGS_FOLDER: folder, AUTH_CONFIG_PATH: AUTH_YAML, MAPX_WARMUP: 'false' };
  let base: TestApp;
  let enterprise: TestApp;
  let routes: { method: string; url: string }[];
  beforeAll(async () => {
    const all = [...(await routeTable(env)), ...(await routeTable({ ...env, MAPX_EDITION: 'base' }))];
    const seen = new Set<string>();
    routes = all.filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
    base = await createTestApp({ ...env, MAPX_EDITION: 'base' });
    enterprise = await createTestApp(env);
  });
  afterAll(async () => {
    await base.close();
    await enterprise.close();
  });

  it('covers the routes of both editions', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((r) => r.method === 'PUT' && r.url === '/Mapping/:mappingId/*')).toBe(true);
  });

  it('every route × method answers the edition message in base exactly when it is enterprise-only', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const url of concrete(route.url)) {
        for (const [edition, app] of [
          ['base', base.app],
          ['enterprise', enterprise.app],
        ] as const) {
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            payload: ['PUT', 'POST'].includes(route.method) ? '1' : undefined,
            headers: { 'content-type': 'text/plain' },
          });
          const gated = res.statusCode === 404 && res.body.includes('EDITION_FEATURE_UNAVAILABLE');
          const expected = edition === 'base' && enterpriseOnly(route.method, url.split('?')[0]!);
          if (gated !== expected) wrong.push(`${edition} ${route.method} ${url} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
