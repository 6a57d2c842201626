import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startJwksIdp, type JwksIdp } from '../helpers/jwks-idp.js';
import { startListeners } from '../../src/listeners/start-listeners.js';

/** The lower rows of the security probe table: NDJSON bounds, CORS, GET / (docs/security.md). */

function mappingsFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'mapx-sec-http-'));
  writeFileSync(join(folder, 'm.mapx'), '$.n');
  return folder;
}

const preflight = (t: TestApp, method: string, origin = 'https://page.example') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/Mapping/m',
    headers: { origin, 'access-control-request-method': method },
  });

describe('security table: NDJSON bodies', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      MAPPINGS_FOLDER: mappingsFolder(),
      MAPX_NDJSON_LINE_LIMIT: '1kb',
      MAPX_NDJSON_MAX_DURATION_MS: '1500',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('a line over MAPX_NDJSON_LINE_LIMIT fails alone (below MAPX_REQUEST_BODY_LIMIT)', async () => {
    const body = [JSON.stringify({ n: 1 }), JSON.stringify({ n: 2, pad: 'x'.repeat(2000) }), '{"n":3}'].join(
      '\n',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/Mapping/m',
      headers: { 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toBe(1);
    expect(lines[1].error).toMatchObject({ line: 2, status: 413, code: 'LINE_TOO_LARGE' });
    expect(lines[2]).toBe(3);
  });

  it('a body still arriving after MAPX_NDJSON_MAX_DURATION_MS is cut: one last line says where', async () => {
    let stop = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (stop) return controller.close();
        controller.enqueue(new TextEncoder().encode('{"n":1}\n'));
        await new Promise((r) => setTimeout(r, 400));
      },
    });
    try {
      const res = await fetch(`${base}/Mapping/m`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body,
        duplex: 'half',
      } as RequestInit);
      const lines = (await res.text())
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      const last = lines.at(-1);
      expect(last.error).toMatchObject({ status: 408, code: 'NDJSON_TIME_LIMIT' });
      expect(last.error.message).toMatch(
        /1500 ms \(MAPX_NDJSON_MAX_DURATION_MS\): lines from \d+ on were not mapped/,
      );
      expect(lines.slice(0, -1).every((l) => l === 1)).toBe(true);
    } finally {
      stop = true;
    }
  });
});

describe('security table: CORS', () => {
  it('without a token policy, preflights offer no PUT or DELETE unless MAPX_CORS_WRITES=true', async () => {
    const t = await createTestApp({ MAPPINGS_FOLDER: mappingsFolder() });
    try {
      const put = await preflight(t, 'PUT');
      expect(put.headers['access-control-allow-origin']).toBe('*');
      expect(put.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    } finally {
      await t.close();
    }
    const open = await createTestApp({ MAPPINGS_FOLDER: mappingsFolder(), MAPX_CORS_WRITES: 'true' });
    try {
      expect((await preflight(open, 'PUT')).headers['access-control-allow-methods']).toContain('PUT, DELETE');
    } finally {
      await open.close();
    }
  });

  it('MAPX_CORS_ORIGINS lists the origins that get CORS headers; none gives none', async () => {
    const t = await createTestApp({
      MAPPINGS_FOLDER: mappingsFolder(),
      MAPX_CORS_ORIGINS: 'https://designer.example, http://127.0.0.1:5173',
    });
    try {
      const listed = await preflight(t, 'POST', 'https://designer.example');
      expect(listed.headers['access-control-allow-origin']).toBe('https://designer.example');
      expect(listed.headers.vary).toContain('Origin');
      const other = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
    const none = await createTestApp({ MAPX_CORS_ORIGINS: 'none' });
    try {
      const res = await none.app.inject({
        method: 'GET',
        url: '/',
        headers: { origin: 'https://page.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await none.close();
    }
    await expect(createTestApp({ MAPX_CORS_ORIGINS: 'designer.example' })).rejects.toThrow(
      /MAPX_CORS_ORIGINS/,
    );
  });
});

describe('security table: GET / and listener details', () => {
  let idp: JwksIdp;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startJwksIdp();
    const dir = mkdtempSync(join(tmpdir(), 'mapx-sec-info-'));
    mkdirSync(join(dir, 'mappings'));
    writeFileSync(join(dir, 'mappings', 'm.mapx'), '$');
    writeFileSync(join(dir, 'routes.yaml'), 'default: m\n');
    const yaml = `version: 1
keycloak: { issuer: ${idp.issuer} }
jwt: { valueSource: { type: memberOf } }
designerClient: { clientId: designer, scope: openid }
resource: { url: http://mapx.test, name: mapx }
policy:
  defaultRule: { access: authenticated }
  routes:
    - { path: /, methods: { GET: { access: public } } }
    - { path: /metrics, methods: { GET: { roles: [metrics-reader] } } }
`;
    t = await createTestApp({
      AUTH_CONFIG_PATH: Buffer.from(yaml).toString('base64'),
      MAPPINGS_FOLDER: join(dir, 'mappings'),
      MLLP_PORT: '0',
      MLLP_HOST: '127.0.0.1',
      MLLP_ROUTES: join(dir, 'routes.yaml'),
      MLLP_DELIVERY: 'none',
      MLLP_DEAD_LETTER_DIR: join(dir, 'dead'),
    });
    await startListeners(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('shows id and status to anyone, interface, port and files only to callers who may read /metrics', async () => {
    const anonymous = (await t.app.inject({ method: 'GET', url: '/' })).json();
    expect(anonymous.listeners).toEqual([{ id: 'mllp', status: 'listening' }]);
    const staff = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { authorization: `Bearer ${await idp.sign(['staff'])}` },
    });
    expect(staff.json().listeners).toEqual([{ id: 'mllp', status: 'listening' }]);
    const reader = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { authorization: `Bearer ${await idp.sign(['metrics-reader'])}` },
    });
    expect(reader.json().listeners[0]).toMatchObject({ id: 'mllp', host: '127.0.0.1', delivery: 'none' });
    expect(reader.json().listeners[0].dead_letter_dir).toMatch(/dead$/);
  });
});
