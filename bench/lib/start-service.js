import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Starts the built service on a free port; resolves with its base URL and the time it took to listen. `root`: the
 * checkout whose build runs (another build of mapx, for side-by-side comparisons); `nodeArgs`: e.g. `--cpu-prof`.
 */
export async function startService(env = {}, root = ROOT, nodeArgs = []) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/service/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      SERVER_PORT: String(port),
      SERVER_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'),
      ...env,
    },
    // the service's log lines go to stderr: a bench's stdout is its JSON alone
    stdio: ['ignore', 2, 'inherit'],
  });
  const exited = new Promise((_, rej) =>
    child.once('exit', (code) => rej(new Error(`service exited ${code}`))),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const listenMs = await Promise.race([untilListening(baseUrl, started), exited]);
  return { child, baseUrl, listenMs, started, stop: () => stop(child) };
}

/** Logs stay at warn during a benchmark, so readiness is observed by polling instead of reading log lines. */
async function untilListening(baseUrl, started) {
  for (;;) {
    try {
      await fetch(`${baseUrl}/health`);
      return performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** Polls /health until warm-up finished; returns ms since `started`. */
export async function waitReady(baseUrl, started) {
  for (;;) {
    try {
      const h = await (await fetch(`${baseUrl}/health`)).json();
      if (h.warming_up === false && (h.warming_up_finished_at || h.warming_up_error)) {
        if (h.warming_up_error) throw new Error(h.warming_up_error);
        return performance.now() - started;
      }
    } catch (err) {
      if (err instanceof Error && !/fetch failed/.test(err.message)) throw err;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

function stop(child) {
  return new Promise((res) => {
    if (child.exitCode !== null) return res(child.exitCode);
    child.once('exit', res);
    child.kill('SIGTERM');
  });
}
