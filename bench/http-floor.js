// The HTTP floor: a bare Fastify server (bench/lib/bare-fastify.js: parse the JSON body, send its `input`) against
// the service answering identity `$` (`POST /`), and against another built checkout when `BENCH_BASE_ROOT` is set,
// side by side in one run (ABAB… wrk slices, as bench/request-path-ab.js). What the service costs per request
// above the floor is what its own request path and evaluation cost. Per server one JSON line: req/s and the CPU
// µs per request of the server process (all threads, /proc), medians and quartiles of the slices.
// `BENCH_ROUNDS` (default 4) slices of `BENCH_SLICE_S` (default 3) s; needs wrk.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { freePort, ROOT, startService, waitReady } from './lib/start-service.js';
import { alternatingSlices, quartiles } from './lib/slices.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SLICE = Number(process.env.BENCH_SLICE_S ?? 3);
const BASE = process.env.BENCH_BASE_ROOT;
const scenario = {
  name: 'POST / identity ($)',
  path: '/',
  body: JSON.stringify({ mapx: '$', input: { a: 1 } }),
  type: 'application/json',
};

const servers = {};
try {
  const port = await freePort();
  const bare = spawn(process.execPath, [join(import.meta.dirname, 'lib/bare-fastify.js')], {
    cwd: ROOT,
    env: { ...process.env, SERVER_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(bare.stdout, 'data');
  servers['bare Fastify'] = { child: bare, baseUrl: `http://127.0.0.1:${port}`, stop: () => bare.kill() };
  for (const [name, root] of [['this', ROOT], ...(BASE ? [['base', resolve(BASE)]] : [])]) {
    const svc = await startService({}, root);
    await waitReady(svc.baseUrl, svc.started);
    servers[name] = svc;
  }
  const samples = await alternatingSlices(servers, scenario, ROUNDS, SLICE);
  for (const n of Object.keys(servers))
    console.log(
      JSON.stringify({
        bench: 'http-floor',
        scenario: scenario.name,
        server: n,
        rps_quartiles: quartiles(samples[n].map((x) => x.rps)).map(Math.round),
        cpu_us_per_request_quartiles: quartiles(samples[n].map((x) => x.cpuPerRequest)).map(Math.round),
      }),
    );
} finally {
  for (const s of Object.values(servers)) await s.stop();
}
