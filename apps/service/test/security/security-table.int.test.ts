import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startJwksIdp, type JwksIdp } from '../helpers/jwks-idp.js';

/** Each row of the hostile-input probe table, against the real service (docs/security.md). */

/** Sends raw bytes (an invalid target cannot be expressed through a URL-parsing client) and returns the status. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m) {
        resolve(Number(m[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

function policyYaml(issuer: string): string {
  return Buffer.from(
    `version: 1
keycloak: { issuer: ${issuer} }
jwt: { valueSource: { type: memberOf } }
designerClient: { clientId: designer, scope: openid }
resource: { url: http://mapx.test, name: mapx }
policy:
  defaultRule: { roles: [admin] }
  routes:
    - { path: /, methods: { POST: { access: public }, GET: { access: public } } }
    - { path: /Mapping, methods: { '*': { roles: [admin] } } }
    - { path: /Mapping/:id, methods: { '*': { roles: [admin] } } }
    - { path: /Template/:id, methods: { GET: { access: public } } }
    - { path: /Template/secret, methods: { GET: { roles: [admin] } } }
`,
  ).toString('base64');
}

describe('security table: auth-required service', () => {
  let idp: JwksIdp;
  let t: TestApp;
  let port: number;
  let folder: string;
  beforeAll(async () => {
    idp = await startJwksIdp();
    folder = mkdtempSync(join(tmpdir(), 'mapx-sec-'));
    t = await createTestApp({ MAPPINGS_FOLDER: folder, AUTH_CONFIG_PATH: policyYaml(idp.issuer) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('a CSV header __proto__.access is data: nothing outside the request changes, 401 stays 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: { input: '__proto__.access,name\npublic,x\n', contentType: 'text/csv', mapx: '$' },
    });
    expect([200, 422]).toContain(res.statusCode);
    expect(Object.prototype).not.toHaveProperty('access');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/Mapping/evil',
      payload: '1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.statusCode).toBe(401);
    expect(existsSync(join(folder, 'evil.mapx'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/Mapping/x' })).statusCode).toBe(401);
  });

  it('no access decision changes even with Object.prototype polluted in-process', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto['access'] = 'public';
      proto['roles'] = ['anonymous'];
      proto['PUT'] = { access: 'public' };
      const put = await t.app.inject({
        method: 'PUT',
        url: '/Mapping/evil2',
        payload: '1',
        headers: { 'content-type': 'text/plain' },
      });
      expect(put.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/Mapping/x' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/Template/secret' })).statusCode).toBe(401);
    } finally {
      delete proto['access'];
      delete proto['roles'];
      delete proto['PUT'];
    }
  });

  it('a # in the request target is refused with 400 before the policy or the router read it', async () => {
    expect(await rawStatus(port, 'GET /Template/secret#x HTTP/1.1\r\nHost: a\r\n\r\n')).toBe(400);
    expect(await rawStatus(port, 'GET /Template/secret HTTP/1.1\r\nHost: a\r\n\r\n')).toBe(401);
  });

  it('two Authorization headers → 400 invalid_request (RFC 6750 §3.1)', async () => {
    const token = await idp.sign(['admin']);
    const res = await fetch(`http://127.0.0.1:${port}/Mapping`, {
      headers: [
        ['authorization', `Bearer ${token}`],
        ['authorization', `Bearer ${token}`],
      ],
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_request"');
    const single = await fetch(`http://127.0.0.1:${port}/Mapping`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(single.status).toBe(200);
  });

  it('the deprecated /recache follows the rule of /$recache (defaultRule here: admin)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/recache' })).statusCode).toBe(401);
  });
});

describe('security table: evaluation limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPX_EVAL_TIMEOUT_MS: '1000' });
  });
  afterAll(() => t.close());

  const evaluate = (mapx: string, input?: unknown) =>
    t.app.inject({ method: 'POST', url: '/', payload: { mapx, ...(input === undefined ? {} : { input }) } });

  async function expectCode(res: Awaited<ReturnType<typeof evaluate>>, code: string, names: RegExp) {
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toMatch(names);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json().status).toBe('UP');
  }

  it('$pad to 140,000,000 characters → L1003 naming the limit; the process serves on', async () => {
    await expectCode(await evaluate('$length($pad("", 140000000, "x"))'), 'L1003', /MAPX_MAX_STRING_LENGTH/);
  });

  it('a 24 MB expression is refused before parsing (L1002)', async () => {
    await expectCode(await evaluate('1' + '+1'.repeat(12_000_000)), 'L1002', /MAPX_MAX_EXPRESSION_LENGTH/);
  });

  it('100,000 nested parentheses → L1005 naming the nesting limit', async () => {
    await expectCode(
      await evaluate('('.repeat(100_000) + '1' + ')'.repeat(100_000)),
      'L1005',
      /MAPX_MAX_EXPRESSION_DEPTH/,
    );
  });

  it('a catastrophic pattern built from a string at run time is screened (L1001)', async () => {
    const res = await evaluate(`$matches("${'a'.repeat(40)}!", "(a" & "+)+$")`);
    await expectCode(res, 'L1001', /exponential/);
  });

  // many distinct values is what made the pairwise $distinct quadratic (≈ 600 million comparisons here); the
  // input is kept small enough that the linear one stays far inside the limit on a loaded CI machine
  it('$distinct over 50,000 objects, 25,000 of them distinct, answers within the time limit', async () => {
    const input = Array.from({ length: 50_000 }, (_, i) => ({ k: i % 25_000 }));
    const res = await evaluate('$count($distinct($))', input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(25_000);
  });

  it('$wait(600000) ends at MAPX_EVAL_TIMEOUT_MS with the time-limit code', async () => {
    await expectCode(await evaluate('($wait(600000); 1)'), 'D1012', /1000 milliseconds/);
  });

  it('input JSON nested 200,000 deep → L1004 naming the nesting limit', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: `{"mapx": "$", "input": ${deep}}`,
    });
    await expectCode(res, 'L1004', /MAPX_MAX_INPUT_DEPTH/);
  });
});

describe('security table: base edition', () => {
  it('PUT /Mapping/b// passes the same edition gate as PUT /Mapping/b; nothing is written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-sec-base-'));
    const t = await createTestApp({ MAPX_EDITION: 'base', MAPPINGS_FOLDER: folder });
    try {
      for (const url of ['/Mapping/b', '/Mapping/b/', '/Mapping/b//', '/Mapping/b///']) {
        const res = await t.app.inject({
          method: 'PUT',
          url,
          payload: '1',
          headers: { 'content-type': 'text/plain' },
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code, url).toBe('EDITION_FEATURE_UNAVAILABLE');
      }
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
