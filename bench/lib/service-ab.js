// Two services from the same build, differing in one setting, measured in alternating short slices (ABAB…) so
// both see the same machine: the median per variant and scenario as JSON lines, with the service's CPU time per
// request (all its threads, /proc). `BENCH_ROUNDS` (default 5) slices of `BENCH_SLICE_S` (default 3) s each;
// loopback only.
import autocannon from 'autocannon';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMicros } from './slices.js';
import { startService, waitReady } from './start-service.js';
import { ADT_A01, ADT_MAPPING, BP } from './scenarios.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE = Number(process.env.BENCH_SLICE_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SCENARIOS = [
  {
    name: 'POST / FLASH bp Observation',
    path: '/',
    body: JSON.stringify({ mapx: BP, input: { sys: 120, dia: 80 } }),
    type: 'application/json',
  },
  { name: 'POST /Mapping/adt', path: '/Mapping/adt', body: ADT_A01, type: 'x-application/hl7-v2+er7' },
];

/** Runs every scenario against one service per value of `setting`; `label` names the variant in the output. */
export async function compareServices(setting, values, label) {
  const folder = mkdtempSync(join(tmpdir(), 'mapx-bench-'));
  writeFileSync(join(folder, 'adt.mapx'), ADT_MAPPING);
  const services = {};
  try {
    for (const v of values) {
      services[v] = await startService({ MAPPINGS_FOLDER: folder, [setting]: v });
      await waitReady(services[v].baseUrl, services[v].started);
    }
    for (const s of SCENARIOS) {
      const samples = Object.fromEntries(values.map((v) => [v, []]));
      for (const v of values) await slice(services[v], s, 2); // JIT warm-up, not counted
      for (let r = 0; r < ROUNDS; r++)
        for (const v of values) samples[v].push(await slice(services[v], s, SLICE));
      for (const v of values) console.log(JSON.stringify(summary(s, label, v, samples[v])));
    }
  } finally {
    for (const svc of Object.values(services)) await svc.stop();
  }
}

function summary(s, label, v, samples) {
  return {
    scenario: s.name,
    [label]: v,
    http_rps_median: Math.round(median(samples.map((x) => x.requests.average))),
    http_rps_slices: samples.map((x) => Math.round(x.requests.average)),
    p50_ms_median: median(samples.map((x) => x.latency.p50)),
    p99_ms_median: median(samples.map((x) => x.latency.p99)),
    server_cpu_us_per_request_median: Math.round(median(samples.map((x) => x.cpuPerRequest))),
  };
}

async function slice(svc, s, seconds) {
  const cpuBefore = cpuMicros(svc.child.pid);
  const result = await autocannon({
    url: svc.baseUrl + s.path,
    method: 'POST',
    body: s.body,
    headers: { 'content-type': s.type },
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${s.path}: ${result.non2xx} non-2xx`);
  result.cpuPerRequest = (cpuMicros(svc.child.pid) - cpuBefore) / result.requests.total;
  return result;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
