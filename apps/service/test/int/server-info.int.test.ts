import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

describe('GET / and GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPX_LICENSED_TO: 'Acme Hospital', MAPX_LICENSED_UNTIL: '2099-12-31' });
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  it('reports every server info field after warm-up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mapx_version).toMatch(/^mapx enterprise \d+\.\d+\.\d+/);
    expect(body.fhir_server).toBe('n/a');
    expect(body.uptime).toMatch(/^\d+ seconds?$|minute|hour|day/);
    expect(body.context_packages).toContainEqual({ id: 'hl7.fhir.r4.core', version: '4.0.1' });
    expect(body.warming_up).toBe(false);
    expect(body.warming_up_enabled).toBe(true);
    expect(Date.parse(body.warming_up_started_at)).toBeLessThanOrEqual(
      Date.parse(body.warming_up_finished_at),
    );
    expect(body.licensed_to).toBe('Acme Hospital');
    expect(body.licensed_until).toBe('2099-12-31');
  });

  it('reports health with the warm-up flags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'UP', warming_up: false, warming_up_enabled: true });
  });

  it('answers unknown routes with 404 {message, code}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /nope/here not found', code: 'NOT_FOUND' });
  });
});

describe('warm-up states', () => {
  it('reports the configured FHIR server, and an unreachable one as a degraded warm-up', async () => {
    const t = await createTestApp({
      FHIR_SERVER_BASE: 'http://127.0.0.1:9/fhir',
      FHIR_SERVER_TIMEOUT: '2000',
    });
    try {
      await warmedUp(t.app);
      const info = (await t.app.inject({ method: 'GET', url: '/' })).json();
      expect(info.fhir_server).toBe('http://127.0.0.1:9/fhir');
      expect(info.warming_up_error).toMatch(/^mapping-stores: /);
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'DEGRADED', warming_up: false });
    } finally {
      await t.close();
    }
  });

  it('reports a failed warm-up with the reason and keeps serving plain JSONata', async () => {
    const t = await createTestApp({
      FHIR_PACKAGES: 'no.such.package@9.9.9',
      FHIR_PACKAGE_REGISTRY_URL: 'http://127.0.0.1:9/',
    });
    try {
      await warmedUp(t.app);
      const info = (await t.app.inject({ method: 'GET', url: '/' })).json();
      expect(info.warming_up).toBe(false);
      expect(info.warming_up_error).toContain('no.such.package');
      const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
      expect(health.warming_up_error).toContain('no.such.package');
      const res = await t.app.inject({ method: 'POST', url: '/', payload: { mapx: '1 + 2' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('with MAPX_WARMUP=false nothing warms up until needed', async () => {
    const t = await createTestApp({ MAPX_WARMUP: 'false' });
    try {
      const before = (await t.app.inject({ method: 'GET', url: '/health' })).json();
      expect(before).toMatchObject({ warming_up: false, warming_up_enabled: false });
      expect(before.warming_up_started_at).toBeUndefined();
      const info = (await t.app.inject({ method: 'GET', url: '/' })).json();
      expect(info.context_packages).toEqual([]);
      const res = await t.app.inject({ method: 'POST', url: '/', payload: { mapx: '"x"' } });
      expect(res.json()).toBe('x');
      const after = (await t.app.inject({ method: 'GET', url: '/' })).json();
      expect(after.context_packages).toContainEqual({ id: 'hl7.fhir.r4.core', version: '4.0.1' });
    } finally {
      await t.close();
    }
  });
});
