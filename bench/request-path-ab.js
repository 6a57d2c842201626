// This build against another build of mapx (BENCH_BASE_ROOT: the root of a built checkout, e.g. a worktree of an
// older commit), side by side in one run: both services start together (isolation as configured, the default
// `worker`), and short wrk slices alternate between them (ABAB…) for each scenario, so both see the same machine.
// `BENCH_VARIANTS` (JSON `{"name": {"root"?: path, "env"?: {...}}}`) compares other pairs or more variants instead
// (e.g. the same build with MAPX_METRICS=off, to price one part of the request path); ratios are to the first.
// Per variant and scenario one JSON line: req/s and the service's CPU time per request over all its threads
// (Linux /proc), as median and quartiles of the slices; on a shared machine the CPU figure is the stable one.
// `BENCH_ROUNDS` (default 5) slices of `BENCH_SLICE_S` (default 3) s, `BENCH_CONNECTIONS` (default 8); loopback
// only; needs wrk (`BENCH_LOADGEN=autocannon` for autocannon). Extra service settings: `BENCH_ENV` (JSON).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, startService, waitReady } from './lib/start-service.js';
import { ADT_A01, ADT_MAPPING, adhoc } from './lib/scenarios.js';
import { alternatingSlices, quartiles } from './lib/slices.js';

const BASE = process.env.BENCH_BASE_ROOT;
const VARIANTS = process.env.BENCH_VARIANTS
  ? JSON.parse(process.env.BENCH_VARIANTS)
  : { this: {}, base: { root: BASE } };
if (!process.env.BENCH_VARIANTS && !BASE)
  throw new Error('BENCH_BASE_ROOT: the root of the other (built) checkout (or BENCH_VARIANTS)');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE = Number(process.env.BENCH_SLICE_S ?? 3);
const ENV = JSON.parse(process.env.BENCH_ENV ?? '{}');
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;

const SCENARIOS = [
  ...adhoc.map((s) => ({
    name: `POST / ${s.name}`,
    path: '/',
    body: JSON.stringify({ mapx: s.mapx, input: s.input }),
    type: 'application/json',
  })),
  { name: 'POST /Mapping/adt', path: '/Mapping/adt', body: ADT_A01, type: 'x-application/hl7-v2+er7' },
].filter((s) => !ONLY || ONLY.test(s.name));

const folder = mkdtempSync(join(tmpdir(), 'mapx-bench-'));
writeFileSync(join(folder, 'adt.mapx'), ADT_MAPPING);
const names = Object.keys(VARIANTS);
const rootOf = (v) => resolve(VARIANTS[v].root ?? ROOT);
const services = {};
try {
  for (const v of names) {
    services[v] = await startService({ MAPPINGS_FOLDER: folder, ...ENV, ...VARIANTS[v].env }, rootOf(v));
    await waitReady(services[v].baseUrl, services[v].started);
  }
  for (const s of SCENARIOS) {
    const samples = await alternatingSlices(services, s, ROUNDS, SLICE);
    const median = (v, k) => quartiles(samples[v].map((x) => x[k]))[1];
    for (const v of names)
      console.log(
        JSON.stringify({
          scenario: s.name,
          variant: v,
          root: rootOf(v),
          env: VARIANTS[v].env ?? {},
          rps_quartiles: quartiles(samples[v].map((x) => x.rps)).map(Math.round),
          server_cpu_us_per_request_quartiles: quartiles(samples[v].map((x) => x.cpuPerRequest)).map(
            Math.round,
          ),
          p50_ms_median: median(v, 'p50'),
          p99_ms_median: median(v, 'p99'),
        }),
      );
    const [first, ...others] = names;
    for (const v of others)
      console.log(
        JSON.stringify({
          scenario: s.name,
          [`${first}_over_${v}_rps`]: round2(median(first, 'rps') / median(v, 'rps')),
          [`${first}_over_${v}_cpu_per_request`]: round2(
            median(first, 'cpuPerRequest') / median(v, 'cpuPerRequest'),
          ),
        }),
      );
  }
} finally {
  for (const svc of Object.values(services)) await svc.stop();
}

function round2(x) {
  return Math.round(x * 100) / 100;
}
