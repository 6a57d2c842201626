import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Starts the built service on a free port; resolves with its base URL and the time it took to listen. */
export async function startService(env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'apps/service/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, SERVER_PORT: '0', SERVER_HOST: '127.0.0.1', LOG_LEVEL: 'warn', FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((res, rej) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`service exited ${code}: ${out}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return { child, baseUrl, listenMs: performance.now() - started, started, stop: () => stop(child) };
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
