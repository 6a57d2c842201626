// The scaling table: ADT^A01 → 6-resource Bundle over HTTP (`POST /Mapping/adt`) for several layouts of the
// service (MAPX_WORKERS processes × MAPX_EVAL_THREADS evaluation threads, `auto` included), and `mapx run` over
// the same messages with several thread counts. One JSON object: per layout messages/s and the CPU time per
// message of every process of the service (primary and workers, all threads; Linux /proc), as quartiles of the
// slices, and their peak resident memory; per `mapx run` thread count messages/s, CPU per message, peak RSS and RSS
// per thread. CPU per message staying flat as threads and processes are added is what lets throughput grow with the
// cores; on a machine with fewer cores than busy threads the messages/s column cannot grow, the CPU column still
// shows the cost.
// Layouts are measured side by side: every service is started first, then wrk slices alternate between them.
// BENCH_SCALING_LAYOUTS (default `1x2,2x2,auto`; `PxT`, `auto` or `auto:T`), BENCH_ROUNDS (3), BENCH_SLICE_S (3),
// BENCH_CONNECTIONS (8 per process), BENCH_WRK_THREADS (1), BENCH_SCALING_RUN_THREADS (default `1,2,<cores>`
// deduplicated; `PxT`: P `mapx run` processes side by side, each `--shard i/P` with T threads; empty: no
// `mapx run`), BENCH_SCALING_RUN_MESSAGES (20000), BENCH_SCALING_RUN_NODE_OPTIONS (`;`-separated: each `mapx run`
// thread count again with each as NODE_OPTIONS, e.g. `--v8-pool-size=16`: the threads that V8's garbage-collection
// and compiler helpers of every isolate in the process share, 4 by default), BENCH_SCALING_RUN_ENV (`;`-separated
// sets of space-separated NAME=value, e.g. `MAPX_EVAL_YOUNG_GENERATION_MB=96;MAPX_EVAL_YOUNG_GENERATION_MB=192`:
// each thread count again with each set in its environment), BENCH_SCALING_RUN_ROUNDS (1: each setting once; more:
// the settings measured that many times, rounds interleaved, the round of median messages/s reported with every
// round's figures).
// Each `mapx run` goes over a quarter of the messages and then over all of them: the long run's figures, and its
// steady state, the difference between the two (messages/s and CPU µs per message of the main thread, the evaluation
// threads and the rest), which leaves out what a run spends once, the JIT warm-up of every thread included
// (`warmUpCpuSecondsPerThread`); `threadsMainCanFeed` (steady evaluation CPU ÷ main CPU per message): past that
// many threads the one main thread, which reads, hands over and writes for all of them, is the limit.
// Both tables also give the kernel's part of the CPU per message and the minor page faults per message (Linux
// /proc; for `mapx run`, of its ended processes): on a sandboxed kernel (gVisor) these are what may grow with cores.
// Needs wrk (or BENCH_LOADGEN=autocannon); loopback only; run `npm run build`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startService, waitReady } from './lib/start-service.js';
import { ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
import { measureSlice, procCounters, quartiles } from './lib/slices.js';
import { autoWorkers } from '../apps/service/dist/config/service-layout.js';

const LAYOUTS = (process.env.BENCH_SCALING_LAYOUTS ?? '1x2,2x2,auto').split(',').filter(Boolean);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE = Number(process.env.BENCH_SLICE_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const CORES = availableParallelism();
// `T` (one process, T threads) or `PxT` (P processes side by side, each `--shard i/P` with T threads)
const RUN_THREADS = [
  ...new Set((process.env.BENCH_SCALING_RUN_THREADS ?? `1,2,${CORES}`).split(',').filter(Boolean)),
].map((spec) => {
  const [p, t] = spec.includes('x') ? spec.split('x').map(Number) : [1, Number(spec)];
  return { processes: p, threadsEach: t };
});
const RUN_MESSAGES = Number(process.env.BENCH_SCALING_RUN_MESSAGES ?? 20000);
const RUN_ROUNDS = Number(process.env.BENCH_SCALING_RUN_ROUNDS ?? 1);
const VARIANTS = [
  {},
  ...(process.env.BENCH_SCALING_RUN_NODE_OPTIONS ?? '')
    .split(';')
    .filter(Boolean)
    .map((nodeOptions) => ({ nodeOptions })),
  ...(process.env.BENCH_SCALING_RUN_ENV ?? '')
    .split(';')
    .filter(Boolean)
    .map((set) => ({
      env: Object.fromEntries(
        set
          .trim()
          .split(/\s+/)
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      ),
    })),
];
const CLI = join(ROOT, 'apps/service/dist/cli/mapx-cli.js');
const ADT = { path: '/Mapping/adt', body: ADT_A01, type: 'x-application/hl7-v2+er7' };

const dir = mkdtempSync(join(tmpdir(), 'mapx-bench-scaling-'));
try {
  writeFileSync(join(dir, 'adt.mapx'), ADT_MAPPING);
  const http = await httpTable();
  const batches = RUN_THREADS.length && {
    short: writeBatch('adt-short.hl7', Math.max(1, Math.round(RUN_MESSAGES / 4))),
    long: writeBatch('adt.hl7', RUN_MESSAGES),
  };
  const run = await runRounds(batches);
  console.log(
    JSON.stringify({
      scenario: 'scaling: ADT^A01 → Bundle',
      machine: { cores: CORES, cpu: cpus()[0]?.model, node: process.version, loadAverage: loadAverage() },
      wrkThreads: Number(process.env.BENCH_WRK_THREADS ?? 1),
      http: againstOneCore(http),
      mapxRun: againstOneThread(run),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function httpTable() {
  const services = [];
  try {
    for (const layout of LAYOUTS) {
      const env = layoutEnv(layout);
      const svc = await startService({ MAPPINGS_FOLDER: dir, ...env });
      await waitReady(svc.baseUrl, svc.started);
      svc.pids = await servicePids(svc.child.pid, processesOf(layout));
      services.push({ layout, env, svc, samples: [] });
    }
    for (const s of services) await measureSlice(s.svc, ADT, 2, CONNECTIONS * s.svc.pids.length); // warm-up
    for (let r = 0; r < ROUNDS; r++)
      for (const s of r % 2 ? [...services].reverse() : services)
        s.samples.push(await measureSlice(s.svc, ADT, SLICE, CONNECTIONS * s.svc.pids.length));
    return services.map((s) => ({
      layout: s.layout,
      env: s.env,
      processes: s.svc.pids.length,
      messagesPerSecond: quartiles(s.samples.map((x) => x.rps)).map(Math.round),
      cpuUsPerMessage: quartiles(s.samples.map((x) => x.cpuPerRequest)).map(Math.round),
      // the processes' main threads alone (HTTP, contract, hand-over): the rest is evaluation threads and V8's helpers
      mainThreadCpuUsPerMessage: quartiles(s.samples.map((x) => x.mainCpuPerRequest)).map(Math.round),
      // the kernel's part of that CPU, and fresh pages touched: what a sandboxed kernel would make grow with cores
      systemCpuUsPerMessage: quartiles(s.samples.map((x) => x.systemCpuPerRequest)).map(Math.round),
      minorFaultsPerMessage: quartiles(s.samples.map((x) => x.minorFaultsPerRequest)).map(round2),
      p99Ms: quartiles(s.samples.map((x) => x.p99))[1],
      // every process's peak resident memory so far (VmHWM), summed: what the layout needs under this load
      peakRssMb: Math.round(s.svc.pids.reduce((sum, pid) => sum + peakRssKb(pid), 0) / 1024),
    }));
  } finally {
    for (const s of services) await s.svc.stop();
  }
}

/**
 * Each layout against one core: `coresUsed` (messages/s × CPU per message: how many cores' worth the service
 * used) and `timesOneCore` (messages/s ÷ what one core gives at the first layout's CPU per message, the first
 * layout being the one-process one-thread baseline when it is listed first), medians.
 */
function againstOneCore(rows) {
  if (!rows.length) return rows;
  const perCore = 1e6 / rows[0].cpuUsPerMessage[1];
  return rows.map((row) => ({
    ...row,
    coresUsed: round1((row.messagesPerSecond[1] * row.cpuUsPerMessage[1]) / 1e6),
    timesOneCore: round1(row.messagesPerSecond[1] / perCore),
  }));
}

/** Each `mapx run` setting against the first listed layout without a variant: over the run and in steady state. */
function againstOneThread(rows) {
  const first = RUN_THREADS[0];
  const base =
    rows?.length &&
    rows.find(
      (r) =>
        !r.nodeOptions &&
        !r.env &&
        r.processes === first.processes &&
        r.threads === first.threadsEach * first.processes,
    );
  if (!base) return rows;
  return rows.map((row) => ({
    ...row,
    timesOneThread: round1(row.messagesPerSecond / base.messagesPerSecond),
    steadyTimesOneThread: round1(row.steadyMessagesPerSecond / base.steadyMessagesPerSecond),
  }));
}

function round2(n) {
  return Math.round(n * 100) / 100;
}

function round1(n) {
  return Math.round(n * 10) / 10;
}

function peakRssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** `PxT` → MAPX_WORKERS=P, MAPX_EVAL_THREADS=T; `auto` → MAPX_WORKERS=auto; `auto:T` adds the thread count. */
function layoutEnv(layout) {
  const [p, t] = layout.split(/[x:]/);
  return { MAPX_WORKERS: p, ...(t ? { MAPX_EVAL_THREADS: t } : {}) };
}

/** How many service processes a layout runs (`auto`: the service's own rule for this machine). */
function processesOf(layout) {
  const [p, t] = layout.split(/[x:]/);
  if (p !== 'auto') return Number(p);
  const isolation = process.env.MAPX_EVAL_ISOLATION ?? 'worker';
  return autoWorkers(CORES, isolation, Number(t ?? process.env.MAPX_EVAL_THREADS ?? 2));
}

/** The service's processes: the primary and, in a cluster, its workers once they are all there. */
async function servicePids(primary, expected) {
  for (let tries = 0; tries < 200; tries++) {
    const children = childrenOf(primary);
    if (expected === 1) return [primary];
    if (children.length >= expected) {
      await new Promise((r) => setTimeout(r, 500)); // every worker listening
      return [primary, ...childrenOf(primary)];
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the cluster of ${primary} did not start its workers`);
}

/** Child processes of `pid`: the parent field of every process's stat (kernels without `task/<tid>/children`). */
function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  return children;
}

/**
 * Every thread count under every variant, `RUN_ROUNDS` times, the rounds interleaved (all settings once, then all
 * again in reverse order), so that each setting sees the machine as the others do. Per setting the round of median
 * messages/s, with every round's messages/s and CPU per message beside it.
 */
async function runRounds(batches) {
  const settings = RUN_THREADS.flatMap((layout) =>
    VARIANTS.map((variant) => ({ layout, variant, runs: [] })),
  );
  for (let r = 0; r < RUN_ROUNDS; r++)
    for (const s of r % 2 ? [...settings].reverse() : settings)
      s.runs.push(await runCli(s.layout, s.variant, batches));
  return settings.map(({ runs }) => {
    if (runs.length === 1) return runs[0];
    const byRate = [...runs].sort((a, b) => a.messagesPerSecond - b.messagesPerSecond);
    return {
      ...byRate[Math.floor(byRate.length / 2)],
      roundsMessagesPerSecond: runs.map((x) => x.messagesPerSecond),
      roundsCpuUsPerMessage: runs.map((x) => x.cpuUsPerMessage),
    };
  });
}

/**
 * `mapx run` in one layout (`{ processes, threadsEach }`) under one variant (`{ nodeOptions?, env? }`), over the short
 * and the long batch: the long run's figures as they are, and its steady state, the difference between the two runs
 * (what the messages beyond the short run cost), which leaves out what each run spends once: the process's start,
 * every thread's JIT warm-up. `threads` is the layout's threads in all.
 */
async function runCli(layout, variant, batches) {
  const threads = layout.processes * layout.threadsEach;
  const short = await runLayout(layout, variant, batches.short);
  const long = await runLayout(layout, variant, batches.long);
  const n = long.inputs;
  const extra = n - short.inputs;
  // CPU seconds per message by part (main, workers, other): over the long run, and beyond the short one
  const [overRun, steady] = [{}, {}];
  for (const part of ['main', 'workers', 'other']) {
    overRun[part] = long.runThreadCpuSeconds[part] / n;
    steady[part] = (long.runThreadCpuSeconds[part] - short.runThreadCpuSeconds[part]) / extra;
  }
  const warmUp = (part) => short.runThreadCpuSeconds[part] - steady[part] * short.inputs;
  const micros = (perMessage) => ({
    main: Math.round(perMessage.main * 1e6),
    evaluationThreads: Math.round(perMessage.workers * 1e6),
    other: Math.round(perMessage.other * 1e6),
  });
  return {
    threads,
    processes: layout.processes,
    ...(variant.nodeOptions ? { nodeOptions: variant.nodeOptions } : {}),
    ...(variant.env ? { env: variant.env } : {}),
    inputs: n,
    failed: long.failed,
    messagesPerSecond: Math.round(long.ratePerSecond),
    steadyMessagesPerSecond: Math.round(
      extra / (n / long.ratePerSecond - short.inputs / short.ratePerSecond),
    ),
    cpuUsPerMessage: Math.round((long.cpuSeconds * 1e6) / n),
    // over the whole process (start-up included), from the kernel: its part of the CPU, and fresh pages touched
    systemCpuUsPerMessage: Math.round((long.systemCpuSeconds * 1e6) / n),
    minorFaultsPerMessage: round2(long.minorFaults / n),
    steadySystemCpuUsPerMessage: Math.round(((long.systemCpuSeconds - short.systemCpuSeconds) * 1e6) / extra),
    steadyMinorFaultsPerMessage: round2((long.minorFaults - short.minorFaults) / extra),
    threadCpuSeconds: long.threadCpuSeconds,
    runCpuUsPerMessage: micros(overRun),
    steadyCpuUsPerMessage: micros(steady),
    warmUpCpuSecondsPerThread: Math.round(((warmUp('workers') + warmUp('other')) / threads) * 100) / 100,
    threadsMainCanFeed: steady.main > 0 ? Math.round((steady.workers / steady.main) * 10) / 10 : null,
    peakRssMb: long.peakRssMb,
    peakRssMbPerThread: Math.round(long.peakRssMb / threads),
  };
}

/**
 * One layout over `batch`: its processes started together, each with its shard. Their summaries added up as one run's:
 * inputs, CPU and peak memory summed, messages/s the sum of their rates (they run side by side).
 */
async function runLayout({ processes, threadsEach }, variant, batch) {
  const before = procCounters('/proc/self/stat', { children: true });
  const runs = await Promise.all(
    Array.from({ length: processes }, (_, i) => runOnce(threadsEach, `${i}/${processes}`, variant, batch)),
  );
  // every process of the layout has ended and been waited for: their kernel time and faults, together
  const after = procCounters('/proc/self/stat', { children: true });
  const kernel = {
    systemCpuSeconds: (after.systemMicros - before.systemMicros) / 1e6,
    minorFaults: after.minorFaults - before.minorFaults,
  };
  if (runs.length === 1) return { ...runs[0], ...kernel };
  const sum = (get) => runs.reduce((t, r) => t + get(r), 0);
  const parts = (key) => ({
    main: sum((r) => r[key].main),
    workers: sum((r) => r[key].workers),
    other: sum((r) => r[key].other),
  });
  return {
    inputs: sum((r) => r.inputs),
    failed: sum((r) => r.failed),
    ratePerSecond: sum((r) => r.ratePerSecond),
    cpuSeconds: sum((r) => r.cpuSeconds),
    threadCpuSeconds: parts('threadCpuSeconds'),
    runThreadCpuSeconds: parts('runThreadCpuSeconds'),
    peakRssMb: Math.round(sum((r) => r.peakRssMb) * 100) / 100,
    ...kernel,
  };
}

function runOnce(threads, shard, variant, batch) {
  const out = join(dir, `out-${threads}-${shard.replace('/', 'of')}`);
  const args = ['run', '--progress', 'off', '--workers', String(threads), '--shard', shard];
  const child = spawn(
    process.execPath,
    [CLI, ...args, '--mapping', join(dir, 'adt.mapx'), '--input', batch, '--output', out],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...(variant.nodeOptions ? { NODE_OPTIONS: variant.nodeOptions } : {}),
        ...(variant.env ?? {}),
      },
    },
  );
  const [stdout, stderr] = [[], []];
  child.stdout.on('data', (b) => stdout.push(b));
  child.stderr.on('data', (b) => stderr.push(b));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      rmSync(out, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`mapx run exited ${code}: ${Buffer.concat(stderr)}`));
      resolve(JSON.parse(Buffer.concat(stdout).toString('utf8').trim().split('\n').pop()));
    });
  });
}

function writeBatch(name, messages) {
  const text = ADT_A01.replace(/\r?\n/g, '\r').trimEnd();
  const file = join(dir, name);
  writeFileSync(
    file,
    Array.from({ length: messages }, (_, i) =>
      text.replace('|MSG00001|', `|MSG${String(i).padStart(8, '0')}|`),
    ).join('\r') + '\r',
  );
  return file;
}

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
}
