import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthLayer, AuthProviderPlugin, PluginContext } from '@mapx/plugin-api';
import { authHook } from './auth-hook.js';
import { startJwksIdp, type JwksIdp } from '../../test/helpers/jwks-idp.js';

// The auth plugin is loaded the way discovery loads it (a dynamic import of the package), never imported
// statically: layering forbids apps/service from depending on a plugin package.
const authPlugin = (await import('@mapx/auth' as string)).default as AuthProviderPlugin<unknown>;

const ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
  ['GET', '/'],
  ['POST', '/'],
  ['GET', '/health'],
  ['POST', '/$recache'],
  ['POST', '/recache'],
  ['GET', '/recache'],
  ['GET', '/Mapping/:mappingId'],
  ['PUT', '/Mapping/:mappingId'],
  ['DELETE', '/Mapping/:mappingId'],
  ['POST', '/Mapping/:mappingId'],
  ['POST', '/Mapping/:mappingId/*'],
  ['PUT', '/Mapping/:mappingId/*'],
  ['GET', '/Template/:templateId'],
];

let idp: JwksIdp;
let issuer: string;
let sign: (roles: string[]) => Promise<string>;

beforeAll(async () => {
  idp = await startJwksIdp();
  issuer = idp.issuer;
  sign = (roles) => idp.sign(roles);
});
afterAll(() => idp.close());

const policies = {
  'auth-available': 'defaultRule: { access: public }',
  'auth-required': `defaultRule: { access: authenticated }
  routes:
    - { path: /, methods: { GET: { access: public } } }
    - { path: /Mapping/:id, methods: { PUT: { roles: [admin] }, DELETE: { roles: [admin] } } }`,
};

async function layerFor(mode: 'no-auth' | keyof typeof policies): Promise<AuthLayer | null> {
  const yaml =
    mode === 'no-auth'
      ? undefined
      : `version: 1
keycloak: { issuer: ${issuer} }
designerClient: { clientId: designer }
resource: { url: http://mapx.test, name: mapx }
policy:
  ${policies[mode]}
`;
  const ctx: PluginContext = {
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    env: {},
    fhir: () => undefined,
  };
  const validated = await authPlugin.optionsSchema['~standard'].validate({
    configPath: yaml && Buffer.from(yaml).toString('base64'),
    cwd: '/nonexistent-dir',
  });
  if (validated.issues) throw new Error('bad options');
  return authPlugin.create(validated.value, ctx);
}

async function appFor(mode: 'no-auth' | keyof typeof policies): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(authHook(), { layer: await layerFor(mode), policyBuilder: authPlugin.policyBuilder });
  for (const [method, url] of ROUTES)
    app.route({
      method,
      url,
      handler: async (req) => ({ route: url, roles: req.authPrincipal?.roles ?? null }),
    });
  await app.ready();
  return app;
}

const concrete = (url: string) =>
  url.replace(':mappingId', 'm1').replace(':templateId', 't1').replace('*', 'sub/path');

// Expected status of every service route per mode, without a token / with a staff token / with an admin token.
const TABLE: Record<
  string,
  Record<'no-auth' | 'auth-available' | 'auth-required', [number, number, number]>
> = {
  'GET /': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [200, 200, 200],
  },
  'POST /': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'GET /health': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [200, 200, 200],
  },
  'POST /$recache': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'POST /recache': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'GET /recache': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'GET /Mapping/:mappingId': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'PUT /Mapping/:mappingId': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 403, 200],
  },
  'DELETE /Mapping/:mappingId': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 403, 200],
  },
  'POST /Mapping/:mappingId': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'POST /Mapping/:mappingId/*': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'PUT /Mapping/:mappingId/*': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
  'GET /Template/:templateId': {
    'no-auth': [200, 200, 200],
    'auth-available': [200, 200, 200],
    'auth-required': [401, 200, 200],
  },
};

describe('auth hook: every route against each mode', () => {
  for (const mode of ['no-auth', 'auth-available', 'auth-required'] as const) {
    it(`${mode}`, async () => {
      const app = await appFor(mode);
      const tokens = [undefined, await sign(['staff']), await sign(['admin'])];
      const seen: Record<string, number[]> = {};
      const expected: Record<string, number[]> = {};
      for (const [method, url] of ROUTES) {
        const key = `${method} ${url}`;
        expected[key] = TABLE[key]?.[mode] ?? [];
        seen[key] = [];
        for (const token of tokens) {
          const res = await app.inject({
            method,
            url: concrete(url),
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          seen[key].push(res.statusCode);
        }
      }
      expect(seen).toEqual(expected);
      await app.close();
    });
  }
});

describe('auth hook: replies and endpoints', () => {
  it('serves the policy builder in no-auth mode, and no other auth endpoint', async () => {
    const app = await appFor('no-auth');
    const page = await app.inject({ method: 'GET', url: '/auth/policy/builder' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'sha256-/);
    expect(
      (await app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource' })).statusCode,
    ).toBe(404);
    await app.close();
  });

  it('sends problem+json with WWW-Authenticate and puts the principal on the request', async () => {
    const app = await appFor('auth-required');
    const denied = await app.inject({ method: 'POST', url: '/Mapping/m1?verbose=true' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(denied.headers['www-authenticate']).toBe(
      'Bearer resource_metadata="http://mapx.test/.well-known/oauth-protected-resource"',
    );
    expect(denied.json()).toMatchObject({
      status: 401,
      code: 'AUTH_TOKEN_MISSING',
      type: 'tag:mapx,2025:problem:authentication-required',
    });
    const allowed = await app.inject({
      method: 'PUT',
      url: '/Mapping/m1/',
      headers: { authorization: `Bearer ${await sign(['admin'])}` },
    });
    expect(allowed.json()).toEqual({ route: '/Mapping/:mappingId', roles: ['admin'] });
    const meta = await app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource' });
    expect(meta.json()).toMatchObject({ resource: 'http://mapx.test', authorization_servers: [issuer] });
    expect((await app.inject({ method: 'GET', url: '/Mapping//m1' })).statusCode).toBe(400);
    await app.close();
  });
});
