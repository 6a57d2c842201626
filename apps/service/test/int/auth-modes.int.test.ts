import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startJwksIdp, type JwksIdp } from '../helpers/jwks-idp.js';

/** Every route the real service registers, against each authentication mode (spec: Authentication). */
type Mode = 'no-auth' | 'auth-available' | 'auth-required';
type Caller = 'anonymous' | 'staff' | 'admin';

let idp: JwksIdp;
let issuer: string;
const tokens: Record<Exclude<Caller, 'anonymous'>, string> = { staff: '', admin: '' };

beforeAll(async () => {
  idp = await startJwksIdp();
  issuer = idp.issuer;
  tokens.staff = await idp.sign(['staff']);
  tokens.admin = await idp.sign(['staff', 'admin']);
});
afterAll(() => idp.close());

function authYaml(mode: Mode): string | undefined {
  if (mode === 'no-auth') return undefined;
  const policy =
    mode === 'auth-available'
      ? 'defaultRule: { access: public }'
      : `defaultRule: { access: authenticated }
  routes:
    - { path: /, methods: { GET: { access: public } } }
    - { path: /Mapping/:id, methods: { PUT: { roles: [admin] }, DELETE: { roles: [admin] } } }
    # test cases inherit the rules of /Mapping/:id unless named: this table keeps them at defaultRule
    - { path: /MappingTests/:id/:test, methods: { '*': { access: authenticated } } }`;
  return `version: 1
keycloak: { issuer: ${issuer} }
jwt: { valueSource: { type: memberOf } }
designerClient: { clientId: designer, scope: openid }
resource: { url: http://mapx.test, name: mapx }
policy:
  ${policy}
`;
}

/** A concrete request for a registered route pattern. */
function concrete(url: string): string {
  return url
    .replace(/:(\w+)/g, 'x1')
    .replace(/\*$/, 'a/b')
    .replace('/$list', '/$list?type=resource');
}

/** What the table expects: which callers a mode lets through for a route. */
function expected(mode: Mode, method: string, url: string, caller: Caller): 'allow' | 401 | 403 {
  if (mode !== 'auth-required') return 'allow';
  const open =
    (method === 'GET' &&
      (url === '/' || url.startsWith('/health') || url.startsWith('/designer') || url === '/api-docs')) ||
    url.startsWith('/.well-known/') ||
    url.startsWith('/auth/');
  if (open) return 'allow';
  if (caller === 'anonymous') return 401;
  const adminOnly = (method === 'PUT' || method === 'DELETE') && url === '/Mapping/:mappingId';
  return adminOnly && caller === 'staff' ? 403 : 'allow';
}

describe.each(['no-auth', 'auth-available', 'auth-required'] as const)('every route in %s mode', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    const yaml = authYaml(mode);
    t = await createTestApp({
      MAPPINGS_FOLDER: mkdtempSync(join(tmpdir(), 'mapx-auth-modes-')),
      ...(yaml ? { AUTH_CONFIG_PATH: Buffer.from(yaml).toString('base64') } : {}),
    });
  });
  afterAll(() => t.close());

  it('logs the mode at start-up', () => {
    const logged = t.logs.join('');
    if (mode === 'no-auth') expect(logged).toContain('no-auth');
    else expect(logged).toContain(mode);
  });

  it('answers each registered route as the policy says, for each caller', async () => {
    const routes = t.app.mapxRoutes.filter((r) => r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, url } of routes) {
      for (const caller of ['anonymous', 'staff', 'admin'] as const) {
        const headers: Record<string, string> =
          caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` };
        const res = await t.app.inject({ method: method as 'GET', url: concrete(url), headers });
        const want = expected(mode, method, url, caller);
        const where = `${mode} ${caller} ${method} ${url} → ${res.statusCode}`;
        if (want === 'allow') expect([401, 403], where).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, where).toBe(want);
          expect(res.headers['content-type'], where).toContain('application/problem+json');
          if (want === 401)
            expect(res.headers['www-authenticate'], where).toContain(
              'resource_metadata="http://mapx.test/.well-known/oauth-protected-resource"',
            );
        }
      }
    }
  });

  it('the API docs page loads without a token; its document declares bearer auth when auth is on', async () => {
    for (const url of ['/api-docs', '/api-docs/swagger-ui-bundle.js', '/api-docs/api-docs.js'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' });
    expect(anonymous.statusCode).toBe(mode === 'auth-required' ? 401 : 200);
    // the document follows the policy, also when asked for with a trailing slash
    const slash = await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json/' });
    expect(slash.statusCode).toBe(mode === 'auth-required' ? 401 : 200);
    const doc = (
      await t.app.inject({
        method: 'GET',
        url: '/api-docs/openapi.json',
        headers: { authorization: `Bearer ${tokens.staff}` },
      })
    ).json();
    if (mode === 'no-auth') expect(doc.security).toBeUndefined();
    else {
      expect(doc.security).toEqual([{ bearer: [] }]);
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    }
  });
});
