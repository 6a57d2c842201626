import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';
import { oneRequest, until } from '../helpers/one-request.js';
import { freePort, hasNginx, startNginx, type Nginx } from '../helpers/nginx.js';
import { describeWhen, skippedBecause } from '../../../../test-support/skip.js';

const REPLICAS = 3;
/** The FHIR-server store's polling interval: a change made through one replica reaches the others within it. */
const POLL_MS = 1000;
/** Stated bound: one polling interval plus one reload of the store (docs/deployment.md). */
const BOUND_MS = POLL_MS + 1500;
const LOAD_CONCURRENCY = 4;

interface Load {
  ok: number;
  failed: number;
  readonly failures: string[];
  stop(): Promise<void>;
}

/** Steady, bounded load through the balancer: `LOAD_CONCURRENCY` loops of one request at a time. */
function steadyLoad(url: string): Load {
  let running = true;
  const load: Load = { ok: 0, failed: 0, failures: [], stop: async () => undefined };
  const loop = async () => {
    while (running) {
      try {
        const res = await oneRequest(url, 'POST', '{}', { 'content-type': 'application/json' });
        if (res.status === 200) load.ok++;
        else {
          load.failed++;
          load.failures.push(`${res.status} ${res.text.slice(0, 80)}`);
        }
      } catch (err) {
        load.failed++;
        load.failures.push((err as Error).message);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const loops = Array.from({ length: LOAD_CONCURRENCY }, loop);
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

const body = async (url: string) =>
  (await oneRequest(url, 'POST', '{}', { 'content-type': 'application/json' })).text;

if (!hasNginx()) {
  skippedBecause(
    '3 replicas behind nginx',
    "Debian's nginx is not installed (apt-get install nginx; .ci/run installs it)",
  );
}
describeWhen(hasNginx())('3 replicas behind nginx sharing the FHIR-server store', () => {
  let fhir: FhirTestServer;
  let nginx: Nginx;
  const ports: number[] = [];
  const replicas: Started[] = [];
  const figures: Record<string, unknown> = {};

  const start = async (i: number) => {
    replicas[i] = await startBuiltServer({
      SERVER_PORT: String(ports[i]),
      FHIR_SERVER_BASE: fhir.baseUrl,
      MAPPINGS_SERVER_POLLING_INTERVAL_MS: String(POLL_MS),
      MAPX_DRAIN_DELAY_MS: '300',
      MAPX_EVAL_THREADS: '1',
    });
    const url = replicas[i]!.baseUrl;
    await until(async () => (await oneRequest(`${url}/health/ready`)).status === 200, `replica ${i} ready`);
  };

  beforeAll(async () => {
    buildService();
    fhir = await startFhirTestServer();
    for (let i = 0; i < REPLICAS; i++) ports.push(await freePort());
    await Promise.all(ports.map((_, i) => start(i)));
    nginx = await startNginx(ports);
    const put = await oneRequest(`${replicas[0]!.baseUrl}/Mapping/m`, 'PUT', '"v1"', {
      'content-type': 'text/plain',
    });
    expect(put.status).toBeLessThan(300);
    await until(
      async () =>
        (await Promise.all(replicas.map((r) => body(`${r.baseUrl}/Mapping/m`)))).every((t) => t === '"v1"'),
      'every replica to serve v1',
    );
  }, 120_000);

  afterAll(async () => {
    console.log(`replica figures: ${JSON.stringify(figures)}`);
    await nginx?.stop();
    await Promise.all(replicas.map((r) => r?.stop()));
    await fhir?.close();
  });

  it('(a) a PUT through one replica is served by every replica within the bound', async () => {
    const t0 = Date.now();
    const put = await oneRequest(`${replicas[1]!.baseUrl}/Mapping/m`, 'PUT', '"v2"', {
      'content-type': 'text/plain',
    });
    expect(put.status).toBeLessThan(300);
    const seen = await Promise.all(
      replicas.map(async (r) => {
        await until(async () => (await body(`${r.baseUrl}/Mapping/m`)) === '"v2"', 'v2', 10_000);
        return Date.now() - t0;
      }),
    );
    figures.a_ms_until_served = seen;
    expect(Math.max(...seen)).toBeLessThanOrEqual(BOUND_MS);
    const through = await Promise.all(Array.from({ length: 30 }, () => body(`${nginx.baseUrl}/Mapping/m`)));
    expect(new Set(through)).toEqual(new Set(['"v2"']));
  });

  it('(b) a rolling restart of all three under steady load fails no request', async () => {
    const load = steadyLoad(`${nginx.baseUrl}/Mapping/m`);
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < REPLICAS; i++) {
      expect(await replicas[i]!.stop()).toBe(0);
      await start(i);
    }
    await new Promise((r) => setTimeout(r, 500));
    await load.stop();
    figures.b = { ok: load.ok, failed: load.failed, failures: load.failures.slice(0, 5) };
    expect(load.ok).toBeGreaterThan(50);
    expect(load.failed).toBe(0);
  }, 120_000);

  it('(c) SIGKILL of one replica under load fails at most the requests in flight on it', async () => {
    const load = steadyLoad(`${nginx.baseUrl}/Mapping/m`);
    await new Promise((r) => setTimeout(r, 500));
    replicas[2]!.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    await start(2);
    const backMs = Date.now() - killedAt;
    await new Promise((r) => setTimeout(r, 500));
    await load.stop();
    figures.c = {
      ok: load.ok,
      failed: load.failed,
      back_ms_incl_1s_pause: backMs,
      failures: load.failures.slice(0, 5),
    };
    expect(load.failed).toBeLessThanOrEqual(LOAD_CONCURRENCY);
    expect(load.ok).toBeGreaterThan(50);
  }, 120_000);
});
