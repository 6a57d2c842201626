// What each part of the request path costs on its own, in CPU time per call on this thread (one JSON line per
// part): the request-target check, the contract validation of a POST / body, the metrics of one request, the
// bounded-input check of inline evaluation, an evaluation of `$` on this thread, and the same evaluation handed to
// an evaluation thread and back (the hand-over, measured sequentially: CPU of both threads, /proc). Run
// `npm run build` first. `BENCH_ITERATIONS` (default 20,000) per part.
import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { evaluateRequestSchema } from '@mapx/api';
import { loadConfig } from '../apps/service/dist/config/load-config.js';
import { createLogger } from '../apps/service/dist/logger.js';
import { createRuntime } from '../apps/service/dist/runtime.js';
import { buildApp } from '../apps/service/dist/app.js';
import { requestTargetProblem } from '../apps/service/dist/http/request-target.js';
import { evaluateLocally } from '../apps/service/dist/eval/evaluate-locally.js';
import { inputSizeWithin } from '../apps/service/dist/eval/input-size.js';
import { PATIENT, PATIENT_INPUT } from './lib/scenarios.js';

const N = Number(process.env.BENCH_ITERATIONS ?? 20_000);
void threadId;

/** Process CPU (all threads) in µs, from /proc: the pool's threads count too. */
function processCpuUs() {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1e6) / 100;
}

async function part(name, once, n = N) {
  for (let i = 0; i < Math.min(n, 2000); i++) await once(i); // warm-up
  const cpu0 = processCpuUs();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await once(i);
  const cpu = processCpuUs() - cpu0;
  const wall = (performance.now() - t0) * 1000;
  console.log(
    JSON.stringify({
      part: name,
      iterations: n,
      cpu_us_per_call: round(cpu / n),
      wall_us_per_call: round(wall / n),
    }),
  );
}

const round = (x) => Math.round(x * 100) / 100;

const loaded = loadConfig({ LOG_LEVEL: 'warn', MAPX_EVAL_THREADS: '2' });
if (!loaded.ok) throw new Error(loaded.message);
const { config } = loaded;
const logger = createLogger('warn');
const app = await buildApp(config, await createRuntime(config, logger), { logger });
await app.ready();
await app.mapx.warmup.start();
const services = app.mapx;
const view = services.mappings.current();
const body = JSON.parse(JSON.stringify({ mapx: PATIENT, input: PATIENT_INPUT }));

await part('request-target check: /', () => requestTargetProblem('/'));
await part('request-target check: /Mapping/adt?verbose=true', () =>
  requestTargetProblem('/Mapping/adt?verbose=true'),
);
await part('contract validation: POST / body (FLASH Patient)', () => evaluateRequestSchema.safeParse(body));
const m = services.metrics;
await part('metrics: one request (latency histogram + evaluation counter)', () => {
  m.requests.observe({ method: 'POST', route: '/', status_code: 200 }, 0.0012);
  m.evaluations.inc({ mapping: '(ad-hoc)', outcome: 'ok' });
});
await part('inline: input size check (FLASH Patient input)', () => inputSizeWithin(PATIENT_INPUT, 1024));
const req = (source, input) => ({ source, input, verbose: false, lowerCollect: true });
for (const [name, source, input] of [
  ['$', '$', { a: 1 }],
  ['FLASH Patient', PATIENT, PATIENT_INPUT],
]) {
  await part(`evaluation on this thread: ${name}`, () =>
    evaluateLocally(services.engine, config, view, req(source, input)),
  );
  await part(
    `evaluation in the pool (hand-over + evaluation): ${name}`,
    () => services.evalPool.run(req(source, input), view),
    N / 4,
  );
}
await app.close();
