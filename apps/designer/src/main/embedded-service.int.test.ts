import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, SERVICE_ENTRY, serviceEnv } from '../../test/support/built-service.js';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.js';

const MAPPING = 'Instance: $uuid(id)\nInstanceOf: Patient\n* active = true';

describe('startEmbeddedService with the real built service', () => {
  let folder: string;
  let service: EmbeddedService;

  beforeAll(async () => {
    buildService();
    folder = await mkdtemp(join(tmpdir(), 'mapx-embed-'));
    await writeFile(join(folder, 'greeting.mapx'), '"hello " & name');
    const started = await startEmbeddedService({
      entry: SERVICE_ENTRY,
      mappingsFolder: folder,
      env: serviceEnv(),
    });
    if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
    service = started.service;
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 with an ephemeral port and is healthy', async () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(service.baseUrl).not.toBe('http://127.0.0.1:42420/');
    const health = await fetch(new URL('health', service.baseUrl));
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBeTypeOf('string');
  });

  it('serves the chosen mappings folder: runs a file mapping, writes new ones into the folder', async () => {
    const run = await fetch(new URL('Mapping/greeting', service.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(await run.json()).toBe('hello Ada');
    const put = await fetch(new URL('Mapping/patient', service.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
      body: MAPPING,
    });
    expect(put.status).toBe(201);
    expect(await readFile(join(folder, 'patient.mapx'), 'utf8')).toBe(MAPPING);
  });

  it('stops the service with SIGTERM (graceful exit 0) and the port is closed afterwards', async () => {
    const exits: (number | null)[] = [];
    service.onExit((code) => exits.push(code));
    expect(await service.stop()).toEqual({ code: 0, forced: false });
    expect(exits).toEqual([0]);
    await expect(fetch(new URL('health', service.baseUrl))).rejects.toThrow();
  });
});

describe('startEmbeddedService failures', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mapx-embed-fail-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports a service that refuses to start, with its own message', async () => {
    const started = await startEmbeddedService({
      entry: SERVICE_ENTRY,
      mappingsFolder: dir,
      env: serviceEnv({ AUTH_CONFIG_PATH: '*** not base64 ***' }),
    });
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.code).toBe('EMBED_START_FAILED');
    expect(started.message).toMatch(/exited with 1/);
    expect(started.message).toMatch(/AUTH_CONFIG/);
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const stubborn = join(dir, 'stubborn.mjs');
    await writeFile(
      stubborn,
      `import { createServer } from 'node:http';
process.on('SIGTERM', () => {});
const server = createServer((_q, r) => r.end('{"status":"ok"}'));
server.listen(0, '127.0.0.1', () => console.log('Server listening at http://127.0.0.1:' + server.address().port));`,
    );
    const started = await startEmbeddedService({ entry: stubborn, mappingsFolder: dir, stopTimeoutMs: 300 });
    if (!started.ok) throw new Error(started.message);
    expect(await started.service.stop()).toEqual({ code: null, forced: true });
  });
});
