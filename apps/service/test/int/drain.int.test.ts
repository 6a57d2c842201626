import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';
import { oneRequest, until } from '../helpers/one-request.js';

const DRAIN_DELAY_MS = 700;
const SLOW = JSON.stringify({ mapx: '($wait(1500); "done")' });

describe('graceful drain of the built service on SIGTERM', () => {
  let server: Started;

  beforeAll(async () => {
    buildService();
    server = await startBuiltServer({
      MAPX_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      MAPX_SHUTDOWN_TIMEOUT_MS: '10000',
    });
    await until(async () => (await oneRequest(`${server.baseUrl}/health/ready`)).status === 200, 'ready');
  }, 60_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('reports DRAINING, refuses new connections, finishes the request in flight and exits 0', async () => {
    const before = await oneRequest(`${server.baseUrl}/health`);
    expect(before.status).toBe(200);
    expect(JSON.parse(before.text)).toMatchObject({ status: 'UP' });

    const slow = oneRequest(`${server.baseUrl}/`, 'POST', SLOW, { 'content-type': 'application/json' });
    await new Promise((r) => setTimeout(r, 300));
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));

    // within the drain delay the listener still accepts: readiness says not ready, liveness still up
    const health = await oneRequest(`${server.baseUrl}/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'DRAINING', warming_up: false });
    expect(health.headers.connection).toBe('close');
    expect((await oneRequest(`${server.baseUrl}/health/ready`)).status).toBe(503);
    const live = await oneRequest(`${server.baseUrl}/health/live`);
    expect([live.status, JSON.parse(live.text)]).toEqual([200, { status: 'UP' }]);

    // after the delay: no new connections, while the slow request is still running
    await until(
      () =>
        oneRequest(`${server.baseUrl}/health/live`).then(
          () => false,
          (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
        ),
      'the listener to close',
      5_000,
    );
    expect(server.child.exitCode).toBeNull();

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toBe('done');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(server.stdout.join('')).toContain('draining: readiness reports DRAINING');
  }, 30_000);
});
