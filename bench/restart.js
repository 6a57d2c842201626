// A second start with nothing changed: `npm start` (build check + service, scripts/start.mjs) against the built
// service on its own (`node apps/service/dist/main.js`), alternated, wall time until /health answers. The
// difference is npm itself plus the build check. One JSON line (medians). Run `npm run build` first: otherwise
// the first `npm start` builds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/start-service.js';

const RUNS = Number(process.env.BENCH_RESTART_RUNS ?? 7);
const VARIANTS = {
  npm_start: ['npm', ['start']],
  service_only: [process.execPath, [join(ROOT, 'apps/service/dist/main.js')]],
};

const samples = { npm_start: [], service_only: [] };
for (let i = 0; i < RUNS; i++) {
  for (const [name, [command, args]] of Object.entries(VARIANTS))
    samples[name].push(await timeToListen(command, args));
}
const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[xs.length >> 1]);
console.log(
  JSON.stringify({
    scenario: 'second start, nothing changed',
    runs: RUNS,
    node: process.version,
    npm_start_listen_ms: median(samples.npm_start),
    service_only_listen_ms: median(samples.service_only),
    load_avg_1m: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
  }),
);

async function timeToListen(command, args) {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that npm, its shell and the service stop together.
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      SERVER_PORT: String(port),
      SERVER_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'),
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/health`);
      break;
    } catch {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return ms;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
