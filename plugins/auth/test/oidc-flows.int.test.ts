import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthLayer } from '@mapx/plugin-api';
import { authYaml } from './support/auth-yaml.js';
import { createLayer, decide, request, route } from './support/create-layer.js';
import {
  authorizationCode,
  DESIGNER_ORIGIN,
  PUBLIC_CLIENT_ID,
  REDIRECT_URI,
  SERVICE_CLIENT,
  startTestIdp,
  type TestIdp,
} from './support/test-idp.js';

const GROUPS = { alice: ['mapx-admin', 'staff'], bob: ['staff'] };
let idp: TestIdp;
let layer: AuthLayer;

beforeAll(async () => {
  idp = await startTestIdp(GROUPS);
  layer = await createLayer(authYaml(idp.issuer), { MAPX_CLIENT_SECRET: SERVICE_CLIENT.secret });
});
afterAll(async () => {
  await layer.close();
  await idp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function publicClientToken(user: string): Promise<Record<string, unknown>> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const code = await authorizationCode(idp, { clientId: PUBLIC_CLIENT_ID, user, codeChallenge: challenge });
  const res = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: PUBLIC_CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('direct PKCE (public client): the service verifies the provider tokens', () => {
  it('accepts a real access token and reads roles from memberOf', async () => {
    const tokens = await publicClientToken('alice');
    const res = await decide(layer, request('PUT', '/Mapping/m1', bearer(String(tokens['access_token']))));
    expect(res).toEqual({ status: 200, roles: ['mapx-admin', 'staff'] });
  });

  it('answers 403 insufficient_scope when the roles do not intersect', async () => {
    const tokens = await publicClientToken('bob');
    const res = await decide(layer, request('PUT', '/Mapping/m1', bearer(String(tokens['access_token']))));
    expect(res.status).toBe(403);
    expect(res.reply?.headers?.['www-authenticate']).toMatch(
      /^Bearer resource_metadata="http:\/\/mapx\.test\/\.well-known\/oauth-protected-resource", error="insufficient_scope", error_description="[^"]+"$/,
    );
    expect(res.reply?.headers?.['content-type']).toBe('application/problem+json');
    expect(res.reply?.body).toMatchObject({ status: 403, code: 'AUTH_INSUFFICIENT_ROLE' });
  });

  it('lets an authenticated rule through for any valid token', async () => {
    const tokens = await publicClientToken('bob');
    expect(await decide(layer, request('POST', '/', bearer(String(tokens['access_token']))))).toEqual({
      status: 200,
      roles: ['staff'],
    });
  });
});

describe('token mediator (confidential client)', () => {
  const origin = { origin: DESIGNER_ORIGIN, 'content-type': 'application/json' };

  it('exchanges a code, forwards the token response without id_token, then refreshes', async () => {
    const code = await authorizationCode(idp, { clientId: SERVICE_CLIENT.id, user: 'alice' });
    const exchanged = await route(layer, 'POST', '/auth/exchange').handle(
      request('POST', '/auth/exchange', origin, { code, redirect_uri: REDIRECT_URI }),
    );
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers).toMatchObject({
      'cache-control': 'no-store',
      'access-control-allow-origin': DESIGNER_ORIGIN,
      vary: 'Origin',
    });
    expect(exchanged.headers?.['set-cookie']).toBeUndefined();
    const body = exchanged.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(JSON.stringify(exchanged)).not.toContain(SERVICE_CLIENT.secret);
    expect(
      await decide(layer, request('PUT', '/Mapping/x', bearer(String(body['access_token'])))),
    ).toMatchObject({ status: 200 });

    const refreshed = await route(layer, 'POST', '/auth/refresh').handle(
      request('POST', '/auth/refresh', origin, { refresh_token: body['refresh_token'] }),
    );
    expect(refreshed.status).toBe(200);
    const next = refreshed.body as Record<string, unknown>;
    expect(next['access_token']).not.toBe(body['access_token']);
    expect(
      await decide(layer, request('PUT', '/Mapping/x', bearer(String(next['access_token'])))),
    ).toMatchObject({ status: 200 });
  });

  it('passes the provider refusal of a bad code on as 400 problem+json', async () => {
    const res = await route(layer, 'POST', '/auth/exchange').handle(
      request('POST', '/auth/exchange', origin, { code: 'not-a-code', redirect_uri: REDIRECT_URI }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'AUTH_GRANT_REJECTED', error: 'invalid_grant' });
    expect(res.headers?.['cache-control']).toBe('no-store');
  });

  it('refuses other origins, the null origin and a missing Origin with 403, before contacting the provider', async () => {
    for (const headers of [{ origin: 'http://evil.test' }, { origin: 'null' }, {}]) {
      const res = await route(layer, 'POST', '/auth/refresh').handle(
        request('POST', '/auth/refresh', headers, { refresh_token: 'x' }),
      );
      expect(res.status).toBe(403);
      expect(res.headers?.['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers preflights for allowed origins only', async () => {
    const ok = await route(layer, 'OPTIONS', '/auth/exchange').handle(
      request('OPTIONS', '/auth/exchange', {
        origin: DESIGNER_ORIGIN,
        'access-control-request-method': 'POST',
      }),
    );
    expect(ok).toMatchObject({
      status: 204,
      headers: {
        'access-control-allow-origin': DESIGNER_ORIGIN,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
      },
    });
    const bad = await route(layer, 'OPTIONS', '/auth/exchange').handle(
      request('OPTIONS', '/auth/exchange', {
        origin: 'http://evil.test',
        'access-control-request-method': 'POST',
      }),
    );
    expect(bad.status).toBe(403);
  });

  it('rejects a body without code or redirect_uri with 400', async () => {
    const res = await route(layer, 'POST', '/auth/exchange').handle(
      request('POST', '/auth/exchange', origin, { code: 'x' }),
    );
    expect(res).toMatchObject({ status: 400, body: { code: 'AUTH_INVALID_REQUEST' } });
  });
});

describe('protected-resource metadata', () => {
  it('serves the RFC 9728 fields of the spec', async () => {
    const res = await route(layer, 'GET', '/.well-known/oauth-protected-resource').handle(
      request('GET', '/.well-known/oauth-protected-resource'),
    );
    expect(res.body).toEqual({
      resource: 'http://mapx.test',
      resource_name: 'mapx test',
      authorization_servers: [idp.issuer],
      scopes_supported: ['openid', 'mapx'],
      bearer_methods_supported: ['header'],
      mapx_designer_client: {
        client_id: 'mapx-designer',
        scope: 'openid mapx',
        token_mediator_enabled: true,
      },
    });
  });

  it('is reachable without a token whatever the policy, like the other auth endpoints', async () => {
    for (const [m, p] of [
      ['GET', '/.well-known/oauth-protected-resource'],
      ['POST', '/auth/exchange'],
      ['OPTIONS', '/auth/refresh'],
      ['GET', '/auth/policy/builder'],
    ] as const) {
      expect((await decide(layer, request(m, p))).status).toBe(200);
    }
    expect((await decide(layer, request('GET', '/Mapping/x'))).status).toBe(401);
  });
});
