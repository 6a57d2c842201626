import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const AUTH_YAML = Buffer.from(
  `version: 1
keycloak: { issuer: http://127.0.0.1:9/realms/x }
designerClient: { clientId: designer }
resource: { url: http://mapx.test, name: mapx }
policy: { defaultRule: { access: authenticated } }
`,
).toString('base64');

describe('base edition', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAPX_EDITION: 'base',
      MAPPINGS_FOLDER: mkdtempSync(join(tmpdir(), 'mapx-base-')),
      AUTH_CONFIG_PATH: AUTH_YAML,
      MAPX_LICENSED_TO: 'Clinic',
      MAPX_LICENSED_UNTIL: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
  });
  afterAll(() => t.close());

  it('reports the edition and licence, and warns about the licence expiring within 30 days', async () => {
    const info = (await t.app.inject({ method: 'GET', url: '/' })).json();
    expect(info.mapx_version).toMatch(/^mapx base \d/);
    expect(info.licensed_to).toBe('Clinic');
    expect(t.logs.join('')).toMatch(/The licence expires on \d{4}-\d\d-\d\d \(within 30 days\)/);
  });

  it.each([
    ['PUT', '/Mapping/abc'],
    ['DELETE', '/Mapping/abc'],
    ['GET', '/Template/$list?type=resource'],
    ['GET', '/Template/Patient'],
    ['GET', '/.well-known/oauth-protected-resource'],
    ['POST', '/auth/exchange'],
    ['GET', '/auth/policy/builder'],
  ] as const)('%s %s is not served and names the edition', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'PUT' ? '1' : undefined,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'EDITION_FEATURE_UNAVAILABLE' });
    expect(res.json().message).toContain('enterprise edition');
    expect(res.json().message).toContain('MAPX_EDITION=base');
  });

  it('does not install the auth layer: shared routes answer without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/', payload: { mapx: '1' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/Mapping' })).statusCode).toBe(200);
    expect(t.logs.join('')).toContain('the auth layer is part of the enterprise edition');
  });
});

describe('enterprise edition (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPPINGS_FOLDER: mkdtempSync(join(tmpdir(), 'mapx-ent-')) });
  });
  afterAll(() => t.close());

  it('serves mapping writes, templates and the policy builder', async () => {
    const info = (await t.app.inject({ method: 'GET', url: '/' })).json();
    expect(info.mapx_version).toMatch(/^mapx enterprise \d/);
    expect(info.licensed_to).toBeUndefined();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/Mapping/abc',
      payload: '1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/auth/policy/builder' })).statusCode).toBe(200);
    await t.app.mapx.warmup.start();
    const list = await t.app.inject({ method: 'GET', url: '/Template/$list?type=profile' });
    expect(list.json()).toContain('bp');
  });
});

describe('designer host configuration', () => {
  it('GET /designer/config.json reports MAPX_DESIGNER_AUTH_ENABLED; the designer is off with MAPX_DESIGNER_ENABLED=false', async () => {
    const on = await createTestApp({ MAPX_DESIGNER_AUTH_ENABLED: 'true' });
    try {
      const res = await on.app.inject({ method: 'GET', url: '/designer/config.json' });
      expect(res.json()).toEqual({ authEnabled: true });
    } finally {
      await on.close();
    }
    const off = await createTestApp({ MAPX_DESIGNER_ENABLED: 'false' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/designer/config.json' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/designer/' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('designer login and the page CSP', () => {
  it("allows the identity provider's origin in connect-src only when the designer logs in", async () => {
    const yaml = Buffer.from(
      `version: 1
keycloak: { issuer: 'http://127.0.0.1:9/realms/x' }
designerClient: { clientId: designer }
resource: { url: http://mapx.test, name: mapx }
policy: { defaultRule: { access: authenticated } }
`,
    ).toString('base64');
    const on = await createTestApp({ MAPX_DESIGNER_AUTH_ENABLED: 'true', AUTH_CONFIG_PATH: yaml });
    try {
      const res = await on.app.inject({ method: 'GET', url: '/designer/index.html' });
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' http://127.0.0.1:9;");
    } finally {
      await on.close();
    }
    const off = await createTestApp({ AUTH_CONFIG_PATH: yaml });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/designer/index.html' });
      expect(res.headers['content-security-policy']).toContain("connect-src 'self';");
    } finally {
      await off.close();
    }
  });
});
