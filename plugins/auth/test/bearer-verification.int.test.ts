import { setTimeout as sleep } from 'node:timers/promises';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthLayer } from '@mapx/plugin-api';
import { createDiscoveryCache } from '../src/verify/discovery-cache.js';
import { createLayer, decide, request } from './support/create-layer.js';
import { createStubKey, mintToken, startStubIdp, type StubIdp, type StubKey } from './support/stub-idp.js';

const yamlFor = (issuer: string, keycloakExtra = '') => `version: 1
keycloak:
  issuer: ${issuer}
  audience: [mapx-api, other-api]
${keycloakExtra}
designerClient: { clientId: mapx-designer }
resource: { url: http://mapx.test/, name: mapx }
policy:
  defaultRule: { roles: [mapx-admin] }
  routes:
    - { path: /, methods: { GET: { access: public } } }
`;

let stub: StubIdp;
let key1: StubKey;
let layer: AuthLayer;
const now = () => Math.floor(Date.now() / 1000);
const call = (token: string | undefined, path = '/Mapping/x') =>
  decide(layer, request('POST', path, token === undefined ? {} : { authorization: `Bearer ${token}` }));
const ok = { aud: 'mapx-api', sub: 'u1', memberOf: ['mapx-admin'] };

beforeAll(async () => {
  stub = await startStubIdp();
  key1 = await createStubKey('key-1');
  stub.published = [key1];
  layer = await createLayer(yamlFor(stub.issuer));
});
afterAll(async () => {
  await layer.close();
  await stub.close();
});

describe('bearer verification', () => {
  it('accepts a valid token (audience from a list) and reads memberOf', async () => {
    expect(await call(await mintToken(key1, ok, stub.issuer))).toEqual({
      status: 200,
      roles: ['mapx-admin'],
    });
    expect(await call(await mintToken(key1, { ...ok, aud: ['x', 'other-api'] }, stub.issuer))).toMatchObject({
      status: 200,
    });
  });

  it('tolerates clock skew within clockToleranceSeconds', async () => {
    expect(await call(await mintToken(key1, ok, stub.issuer, now() - 2))).toMatchObject({ status: 200 });
  });

  const refused: [string, () => Promise<string>, RegExp][] = [
    ['expired', () => mintToken(key1, ok, stub.issuer, now() - 3600), /expired/],
    ['not yet valid', () => mintToken(key1, { ...ok, nbf: now() + 3600 }, stub.issuer), /nbf/],
    ['wrong issuer', () => mintToken(key1, ok, 'http://127.0.0.1:1/realms/other'), /iss/],
    ['wrong audience', () => mintToken(key1, { ...ok, aud: 'someone-else' }, stub.issuer), /aud/],
    [
      'without exp',
      () =>
        new SignJWT(ok)
          .setProtectedHeader({ alg: 'ES256', kid: 'key-1' })
          .setIssuer(stub.issuer)
          .sign(key1.privateKey),
      /exp/,
    ],
    [
      'tampered',
      async () => {
        const [h, , s] = (await mintToken(key1, { ...ok, memberOf: ['staff'] }, stub.issuer)).split('.');
        const forged = Buffer.from(JSON.stringify({ ...ok, iss: stub.issuer, exp: now() + 300 })).toString(
          'base64url',
        );
        return `${h}.${forged}.${s}`;
      },
      /signature/,
    ],
    [
      'unsigned (alg none)',
      async () => {
        const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...ok, iss: stub.issuer, exp: now() + 300 })}.`;
      },
      /algorithm/,
    ],
    [
      'HMAC signed with the public key (key confusion)',
      () =>
        new SignJWT(ok)
          .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
          .setIssuer(stub.issuer)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(JSON.stringify(key1.publicJwk))),
      /algorithm/,
    ],
    ['not a JWT', () => Promise.resolve('abc.def'), /signed JWT/],
  ];
  for (const [name, make, description] of refused) {
    it(`refuses a token that is ${name} with 401 invalid_token`, async () => {
      const res = await call(await make());
      expect(res.status).toBe(401);
      const challenge = res.reply?.headers?.['www-authenticate'] ?? '';
      expect(challenge).toContain(
        'resource_metadata="http://mapx.test/.well-known/oauth-protected-resource"',
      );
      expect(challenge).toContain('error="invalid_token"');
      expect(challenge).toMatch(description);
      expect(res.reply?.body).toMatchObject({
        status: 401,
        code: 'AUTH_TOKEN_INVALID',
        type: 'tag:mapx,2025:problem:invalid-token',
      });
    });
  }

  it('answers 401 without an error code when no token was sent (RFC 6750 §3.1)', async () => {
    const res = await call(undefined);
    expect(res.status).toBe(401);
    expect(res.reply?.headers?.['www-authenticate']).toBe(
      'Bearer resource_metadata="http://mapx.test/.well-known/oauth-protected-resource"',
    );
    expect(res.reply?.body).toMatchObject({ code: 'AUTH_TOKEN_MISSING' });
  });

  it('answers 400 invalid_request for a malformed Authorization header', async () => {
    for (const value of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'Token abc']) {
      const res = await decide(layer, request('GET', '/Mapping/x', { authorization: value }));
      expect(res.status).toBe(400);
      expect(res.reply?.headers?.['www-authenticate']).toContain('error="invalid_request"');
    }
  });

  it('ignores the Authorization header on public routes', async () => {
    expect(await decide(layer, request('GET', '/', { authorization: 'garbage' }))).toEqual({ status: 200 });
  });

  it('lets CORS preflights through without credentials', async () => {
    const preflight = request('OPTIONS', '/Mapping/x', {
      origin: 'http://a.test',
      'access-control-request-method': 'PUT',
    });
    expect((await decide(layer, preflight)).status).toBe(200);
    expect((await decide(layer, request('OPTIONS', '/Mapping/x'))).status).toBe(401);
  });
});

describe('key rotation', () => {
  it('does not refetch the key set for an unknown kid within the cool-down', async () => {
    const stub2 = await startStubIdp();
    const a = await createStubKey('a');
    const b = await createStubKey('b');
    stub2.published = [a];
    const l = await createLayer(yamlFor(stub2.issuer), {}, { jwksCooldownMs: 600_000 });
    expect(
      (
        await decide(
          l,
          request('GET', '/x', { authorization: `Bearer ${await mintToken(a, ok, stub2.issuer)}` }),
        )
      ).status,
    ).toBe(200);
    stub2.published = [a, b];
    const res = await decide(
      l,
      request('GET', '/x', { authorization: `Bearer ${await mintToken(b, ok, stub2.issuer)}` }),
    );
    expect(res.status).toBe(401);
    expect(res.reply?.headers?.['www-authenticate']).toContain('unknown key');
    expect(stub2.hits.jwks).toBe(1);
    await stub2.close();
  });

  it('picks up a new kid once the cool-down has passed', async () => {
    const stub2 = await startStubIdp();
    const a = await createStubKey('a');
    const b = await createStubKey('b');
    stub2.published = [a];
    const l = await createLayer(yamlFor(stub2.issuer), {}, { jwksCooldownMs: 200 });
    expect(
      (
        await decide(
          l,
          request('GET', '/x', { authorization: `Bearer ${await mintToken(a, ok, stub2.issuer)}` }),
        )
      ).status,
    ).toBe(200);
    stub2.published = [b];
    await sleep(300);
    const res = await decide(
      l,
      request('GET', '/x', { authorization: `Bearer ${await mintToken(b, ok, stub2.issuer)}` }),
    );
    expect(res.status).toBe(200);
    expect(stub2.hits.jwks).toBe(2);
    await stub2.close();
  });
});

describe('discovery', () => {
  it('refuses (503) when the discovery issuer differs from keycloak.issuer', async () => {
    const l = await createLayer(yamlFor(`${stub.issuer}/`));
    const res = await decide(
      l,
      request('GET', '/x', { authorization: `Bearer ${await mintToken(key1, ok, `${stub.issuer}/`)}` }),
    );
    expect(res.status).toBe(503);
    expect(res.reply?.body).toMatchObject({ code: 'AUTH_PROVIDER_UNAVAILABLE' });
  });

  it('does not block start-up on an unreachable provider and answers 503 for protected routes only', async () => {
    const l = await createLayer(yamlFor('http://127.0.0.1:9/realms/none'));
    expect(l.mode).toBe('auth-required');
    expect(await decide(l, request('GET', '/'))).toEqual({ status: 200 });
    expect(
      (
        await decide(
          l,
          request('GET', '/x', {
            authorization: `Bearer ${await mintToken(key1, ok, 'http://127.0.0.1:9/realms/none')}`,
          }),
        )
      ).status,
    ).toBe(503);
  });

  it('caches for the TTL, serves the stale document while refresh fails, retries after the cool-down', async () => {
    const s = await startStubIdp();
    let t = 0;
    const cache = createDiscoveryCache({
      issuer: s.issuer,
      ttlMs: 1000,
      cooldownMs: 500,
      timeoutMs: 2000,
      now: () => t,
    });
    expect((await cache.get()).ok).toBe(true);
    t = 900;
    await cache.get();
    expect(s.hits.attempts).toBe(1);
    t = 1500;
    await cache.get();
    expect(s.hits.attempts).toBe(2);
    s.up = false;
    t = 3000;
    expect(await cache.get()).toMatchObject({ ok: true, doc: { issuer: s.issuer } });
    expect(s.hits.attempts).toBe(3);
    t = 3400;
    expect((await cache.get()).ok).toBe(true);
    expect(s.hits.attempts).toBe(3);
    s.up = true;
    t = 3600;
    expect((await cache.get()).ok).toBe(true);
    expect(s.hits.attempts).toBe(4);
    await s.close();
  });

  it('reports failure when no document was ever fetched', async () => {
    const s = await startStubIdp();
    s.up = false;
    const cache = createDiscoveryCache({ issuer: s.issuer, ttlMs: 1000, cooldownMs: 0, timeoutMs: 2000 });
    expect(await cache.get()).toEqual({ ok: false, reason: 'discovery answered HTTP 503' });
    s.up = true;
    expect((await cache.get()).ok).toBe(true);
    await s.close();
  });
});
