import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';
import { oneRequest, until } from '../helpers/one-request.js';

const COUNT = 12;

/** Workers that logged a request for `path` (request lines carry the worker's id). */
function workersServing(server: Started, path: string): Set<number> {
  const ids = new Set<number>();
  for (const line of server.stdout.join('').split('\n')) {
    if (!line.includes(`"path":"${path}"`)) continue;
    const worker = (JSON.parse(line) as { worker?: number }).worker;
    if (worker !== undefined) ids.add(worker);
  }
  return ids;
}

describe('GET /metrics with MAPX_WORKERS=2', () => {
  let server: Started;

  beforeAll(async () => {
    buildService();
    server = await startBuiltServer({ MAPX_WORKERS: '2' });
    await until(async () => (await oneRequest(`${server.baseUrl}/health/ready`)).status === 200, 'ready');
    // a worker answers ready for itself, maybe before the other listens: the balancer hands new connections only
    // to the workers listening
    await until(() => server.stdout.join('').includes('all workers listening'), 'both workers listening');
  }, 60_000);
  afterAll(() => server.stop());

  it('one scrape sums the figures of every worker', async () => {
    const body = JSON.stringify({ mapx: 'a * 2', input: { a: 21 } });
    for (let i = 0; i < COUNT; i++) {
      const res = await oneRequest(`${server.baseUrl}/`, 'POST', body, {
        'content-type': 'application/json',
      });
      expect(res.status).toBe(200);
    }
    expect(workersServing(server, '/').size).toBe(2);
    const scrape = await oneRequest(`${server.baseUrl}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.text).toContain(`mapx_evaluations_total{mapping="(ad-hoc)",outcome="ok"} ${COUNT}`);
    expect(scrape.text).toContain(
      `mapx_http_request_duration_seconds_count{method="POST",route="/",status_code="200"} ${COUNT}`,
    );
    expect(scrape.text).toContain('nodejs_heap_size_used_bytes');
  });
});
