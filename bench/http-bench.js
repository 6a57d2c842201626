// HTTP throughput of the service against in-process evaluation, measured in one run (loopback, bounded).
// Prints one JSON line per scenario. Run `npm run build` first (npm run bench does).
import autocannon from 'autocannon';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, waitReady } from './lib/start-service.js';
import { adhoc, ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
import { inProcess } from './lib/in-process.js';
import { measureSteal } from './lib/cpu-steal.js';
import { wrk } from './lib/wrk.js';

// Figures are only comparable when little CPU is stolen by the hypervisor: the last line reports the share.
const steal = measureSteal();

const DURATION = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP = Number(process.env.BENCH_WARMUP_S ?? 3);
// MAPX_WORKERS of the service under test; BENCH_LOADGEN=wrk uses wrk (far lighter on the shared 2 cores).
const WORKERS = process.env.BENCH_WORKERS ?? '1';
const LOADGEN_NAME = process.env.BENCH_LOADGEN === 'wrk' ? 'wrk' : 'autocannon';
const LOADGEN = LOADGEN_NAME === 'wrk' ? wrk : autocannon;

const folder = mkdtempSync(join(tmpdir(), 'mapx-bench-'));
writeFileSync(join(folder, 'adt.mapx'), ADT_MAPPING);
const svc = await startService({ MAPPINGS_FOLDER: folder, MAPX_WORKERS: WORKERS });
const readyMs = await waitReady(svc.baseUrl, svc.started);
console.log(
  JSON.stringify({
    scenario: 'start-up',
    workers: WORKERS,
    listen_ms: Math.round(svc.listenMs),
    ready_ms: Math.round(readyMs),
  }),
);
const local = await inProcess({ MAPPINGS_FOLDER: folder });

try {
  for (const s of adhoc) {
    const body = JSON.stringify({ mapx: s.mapx, input: s.input });
    const http = await load({ path: '/', body, headers: { 'content-type': 'application/json' } });
    const eps = await local.evaluateRate(s.mapx, s.input);
    report(`POST / ${s.name}`, http, eps);
  }
  const http = await load({
    path: '/Mapping/adt',
    body: ADT_A01,
    headers: { 'content-type': 'x-application/hl7-v2+er7' },
  });
  const eps = await local.mappingRate(ADT_MAPPING, ADT_A01, 'x-application/hl7-v2+er7');
  report('POST /Mapping/adt HL7 ADT^A01 → 6-resource transaction Bundle', http, eps);
} finally {
  await local.close();
  await svc.stop();
  console.log(JSON.stringify({ scenario: 'machine', cpu_steal_share: steal.end() }));
}

async function load({ path, body, headers }) {
  const probe = await fetch(svc.baseUrl + path, { method: 'POST', body, headers });
  if (probe.status !== 200) throw new Error(`${path}: ${probe.status} ${await probe.text()}`);
  // The JIT needs a few seconds of the same traffic before figures are representative (docs/performance.md).
  await LOADGEN({
    url: svc.baseUrl + path,
    method: 'POST',
    body,
    headers,
    connections: CONNECTIONS,
    duration: WARMUP,
  });
  const result = await LOADGEN({
    url: svc.baseUrl + path,
    method: 'POST',
    body,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

function report(scenario, http, inProcessPerSecond) {
  const rps = http.requests.average;
  console.log(
    JSON.stringify({
      scenario,
      workers: WORKERS,
      load_generator: LOADGEN_NAME,
      http_rps: Math.round(rps),
      p50_ms: http.latency.p50,
      p99_ms: http.latency.p99,
      in_process_per_s: Math.round(inProcessPerSecond),
      http_overhead: Number((1 - rps / inProcessPerSecond).toFixed(3)),
    }),
  );
}
