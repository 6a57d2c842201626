import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { buildService, MAIN, ROOT, startBuiltServer, type Started } from '../helpers/start-built-server.js';

/** One request on its own connection, so the cluster's round-robin hands each to the next worker. */
function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { method, agent: false, headers: { 'content-type': 'text/plain', connection: 'close' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(d)] : [];
      } catch {
        return [];
      }
    });
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

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

const execute = (s: Started, id: string) => call(s.baseUrl, 'POST', `/Mapping/${id}`, '');

describe('MAPX_WORKERS=2: a cluster of workers behind one port', () => {
  let server: Started;
  let folder: string;

  beforeAll(async () => {
    buildService();
    folder = mkdtempSync(join(tmpdir(), 'mapx-cluster-'));
    // No polling: only the workers' messages to each other can carry a change to the worker that did not make it.
    server = await startBuiltServer({
      MAPX_WORKERS: '2',
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
    });
    await until(() => childrenOf(server.child.pid!).length === 2, 'two workers');
    await until(() => server.stdout.join('').includes('all workers listening'), 'both workers listening');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('every worker serves the version just written, updated and deleted, whichever worker wrote it', async () => {
    for (let v = 1; v <= 6; v++) {
      const put = await call(server.baseUrl, 'PUT', '/Mapping/hot', `'v${v}'`);
      expect(put.status).toBe(v === 1 ? 201 : 200);
      const runs = await Promise.all(Array.from({ length: 6 }, () => execute(server, 'hot')));
      expect(runs.map((r) => `${r.status} ${r.text}`)).toEqual(Array(6).fill(`200 "v${v}"`));
    }
    expect(workersServing(server, '/Mapping/hot')).toEqual(new Set([1, 2]));

    const deleted = await call(server.baseUrl, 'DELETE', '/Mapping/hot');
    expect(deleted.status).toBe(200);
    const gone = await Promise.all(Array.from({ length: 4 }, () => execute(server, 'hot')));
    expect(gone.map((r) => r.status)).toEqual([404, 404, 404, 404]);
  });

  it('POST /$recache reloads every worker', async () => {
    writeFileSync(join(folder, 'added.mapx'), `'added by hand'`);
    const recache = await call(server.baseUrl, 'POST', '/$recache');
    expect(recache.status).toBe(200);
    expect(JSON.parse(recache.text)).toMatchObject({ mappings: ['added'] });
    const runs = await Promise.all(Array.from({ length: 6 }, () => execute(server, 'added')));
    expect(runs.map((r) => `${r.status} ${r.text}`)).toEqual(Array(6).fill('200 "added by hand"'));
  });

  it('replaces a worker that dies, and the replacement serves the current mappings', async () => {
    await call(server.baseUrl, 'PUT', '/Mapping/kept', `'kept'`);
    const [victim] = childrenOf(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    await until(() => server.stdout.join('').includes('starting a replacement'), 'the replacement');
    await until(() => childrenOf(server.child.pid!).length === 2, 'two workers again');
    await until(
      () => server.stdout.join('').split('Server listening').length > 3,
      'the replacement listening',
    );
    const runs = await Promise.all(Array.from({ length: 6 }, () => execute(server, 'kept')));
    expect(runs.map((r) => `${r.status} ${r.text}`)).toEqual(Array(6).fill('200 "kept"'));
  });

  it('stops every worker on SIGTERM and exits 0', async () => {
    const pids = childrenOf(server.child.pid!);
    expect(pids).toHaveLength(2);
    expect(await server.stop()).toBe(0);
    expect(pids.filter((p) => readdirSync('/proc').includes(String(p)))).toEqual([]);
  });
});

describe('MAPX_WORKERS=2 with the FHIR server as the writable store', () => {
  let fhir: FhirTestServer;
  let server: Started;

  beforeAll(async () => {
    fhir = await startFhirTestServer();
    server = await startBuiltServer({
      MAPX_WORKERS: '2',
      FHIR_SERVER_BASE: fhir.baseUrl,
      MAPPINGS_PRIMARY_WRITABLE_STORE: 'fhir-server',
      MAPPINGS_SERVER_POLLING_INTERVAL_MS: '0',
      MAPPINGS_FORCED_RESYNC_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
    });
    await until(() => server.stdout.join('').includes('all workers listening'), 'both workers listening');
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await fhir?.close();
  });

  it('updates written alternately through both workers are never refused as conflicts (If-Match stays current)', async () => {
    // which worker accepts a connection is the primary's choice (and keep-alive reuses connections): write until
    // both workers have written, at least 6 times, at most 30
    const putWorkers = () =>
      new Set(
        server.stdout
          .join('')
          .split('\n')
          .filter((l) => l.includes('"method":"PUT"') && l.includes('"path":"/Mapping/shared"'))
          .map((l) => (JSON.parse(l) as { worker: number }).worker),
      );
    for (let v = 1; v <= 30 && (v <= 6 || putWorkers().size < 2); v++) {
      const put = await call(server.baseUrl, 'PUT', '/Mapping/shared', `'v${v}'`);
      expect(`${put.status} ${put.text}`).toBe(`${v === 1 ? 201 : 200} 'v${v}'`);
      const runs = await Promise.all(Array.from({ length: 4 }, () => execute(server, 'shared')));
      expect(runs.map((r) => `${r.status} ${r.text}`)).toEqual(Array(4).fill(`200 "v${v}"`));
    }
    expect(putWorkers()).toEqual(new Set([1, 2]));
  });
});

describe('MAPX_WORKERS=2 start-up failures', () => {
  it('exits 1 when the workers cannot start, with the workers’ reason on stderr', async () => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, MAPX_WORKERS: '2', SERVER_PORT: '0', MAPX_PLUGINS: './no/such/plugin' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain('mapx: start-up failed:');
    expect(output).toContain('a worker failed to start; stopping');
    expect(childrenOf(child.pid!)).toEqual([]);
  }, 60_000);
});
