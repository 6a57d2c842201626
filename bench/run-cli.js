// `mapx run` throughput and memory (docs/bulk.md). Scenario 1: BENCH_RUN_MESSAGES (default 100,000) ADT^A01
// messages (bench/fixtures/adt-a01.hl7, each with its own control id) in one HL7 v2 batch file, mapped with the
// bench ADT mapping into a folder, with 1 worker and with BENCH_RUN_WORKERS (default: every core). Scenario 2: peak
// RSS over BENCH_RUN_ROWS_SMALL (10,000) and BENCH_RUN_ROWS_LARGE (1,000,000) CSV rows, one input per row.
// BENCH_RUN_ROUNDS (default 3) pairs of ADT runs, 1 worker and all workers alternating (which goes first swaps each
// round): on a shared machine only the ratio within a pair means much, so the median pair ratio is reported.
// BENCH_RUN_SCENARIOS (default `adt,csv`) picks the scenarios. Scenario `build` (with BENCH_BASE_ROOT, another
// built checkout): the ADT batch with 1 worker and with BENCH_RUN_WORKERS, this build and that one alternating
// (which goes first swaps each round): messages/s, peak RSS and main-thread CPU µs per message, medians per build.
// Prints one JSON line per run and one per comparison. Run `npm run build` first. Files go to a temp folder.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'apps/service/dist/cli/mapx-cli.js');
const BASE = process.env.BENCH_BASE_ROOT;
const MESSAGES = Number(process.env.BENCH_RUN_MESSAGES ?? 100_000);
const WORKERS = Number(process.env.BENCH_RUN_WORKERS ?? availableParallelism());
const ROWS_SMALL = Number(process.env.BENCH_RUN_ROWS_SMALL ?? 10_000);
const ROWS_LARGE = Number(process.env.BENCH_RUN_ROWS_LARGE ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_RUN_ROUNDS ?? 3);
const SCENARIOS = (process.env.BENCH_RUN_SCENARIOS ?? 'adt,csv').split(',');
const dir = mkdtempSync(join(tmpdir(), 'mapx-bench-run-'));

try {
  if (SCENARIOS.includes('adt')) await adtScenario();
  if (SCENARIOS.includes('csv')) csvScenario();
  if (SCENARIOS.includes('build')) await buildScenario();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function adtScenario() {
  const batch = join(dir, 'adt.hl7');
  await writeLines(batch, MESSAGES, (i) => adtMessage(i), '\r');
  const adtMapping = join(ROOT, 'bench/fixtures/adt-to-bundle.mapx');
  const adt = (workers) =>
    run('adt-a01', workers, [
      '--mapping',
      adtMapping,
      '--input',
      batch,
      '--output',
      join(dir, `out-${workers}`),
    ]);
  const ratios = [];
  const projected = [];
  const rates = { one: [], all: [] };
  for (let round = 0; round < ROUNDS; round++) {
    let one, all;
    if (round % 2 === 0) [one, all] = [adt(1), adt(WORKERS)];
    else [all, one] = [adt(WORKERS), adt(1)];
    rates.one.push(one.ratePerSecond);
    rates.all.push(all.ratePerSecond);
    ratios.push(all.ratePerSecond / one.ratePerSecond);
    if (one.threadCpuSeconds && all.threadCpuSeconds)
      projected.push(busiestCore(one.threadCpuSeconds, 1) / busiestCore(all.threadCpuSeconds, WORKERS));
  }
  print({
    compare: 'adt-a01 workers',
    workers: WORKERS,
    rounds: ROUNDS,
    speedup: round(median(ratios)),
    speedups: ratios.map(round),
    rateOneWorker: round(median(rates.one)),
    rateAllWorkers: round(median(rates.all)),
    ratePerWorker: round(median(rates.all) / WORKERS),
    // from CPU time by thread, which load from elsewhere inflates far less than wall time: see busiestCore
    ...(projected.length
      ? { projectedSpeedup: round(median(projected)), projectedSpeedups: projected.map(round) }
      : {}),
    target: '>= 1.7 on 2 cores',
  });
}

/** This build against BENCH_BASE_ROOT's on the same ADT batch, alternating, for 1 worker and for WORKERS. */
async function buildScenario() {
  if (!BASE) throw new Error('scenario build: BENCH_BASE_ROOT (another built checkout) is required');
  const batch = join(dir, 'adt-build.hl7');
  await writeLines(batch, MESSAGES, (i) => adtMessage(i), '\r');
  const mapping = join(ROOT, 'bench/fixtures/adt-to-bundle.mapx');
  const builds = { this: CLI, base: join(resolve(BASE), 'apps/service/dist/cli/mapx-cli.js') };
  for (const workers of [...new Set([1, WORKERS])]) {
    const runs = { this: [], base: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const name of round % 2 ? ['base', 'this'] : ['this', 'base'])
        runs[name].push(
          run(
            `adt-a01 ${name}`,
            workers,
            ['--mapping', mapping, '--input', batch, '--output', join(dir, 'out-build')],
            builds[name],
          ),
        );
    const summary = (rs) => ({
      ratePerSecond: round(median(rs.map((r) => r.ratePerSecond))),
      peakRssMb: round(median(rs.map((r) => r.peakRssMb))),
      peakRssMbRange: [Math.min(...rs.map((r) => r.peakRssMb)), Math.max(...rs.map((r) => r.peakRssMb))],
      mainCpuUsPerMessage: round(
        median(rs.map((r) => ((r.runThreadCpuSeconds?.main ?? NaN) * 1e6) / r.inputs)),
      ),
    });
    print({
      compare: 'adt-a01 this build vs base',
      workers,
      rounds: ROUNDS,
      messages: MESSAGES,
      this: summary(runs.this),
      base: summary(runs.base),
    });
  }
}

/**
 * CPU seconds of the run's critical path on an otherwise idle machine with this many cores: the busiest worker,
 * the main thread, or every thread together spread over the cores, whichever is longest.
 */
function busiestCore(cpu, workers) {
  const cores = availableParallelism();
  return Math.max(cpu.workers / workers, cpu.main, (cpu.main + cpu.workers + cpu.other) / cores);
}

function csvScenario() {
  const csvMapping = join(dir, 'row.mapx');
  writeFileSync(csvMapping, "{ 'resourceType': 'Basic', 'id': $string($[0].id), 'code': $[0].code }");
  const small = csvRun(csvMapping, ROWS_SMALL);
  const large = csvRun(csvMapping, ROWS_LARGE);
  print({
    compare: 'csv peak RSS',
    rows: [ROWS_SMALL, ROWS_LARGE],
    rssRatio: round(large.peakRssMb / small.peakRssMb),
    target: '<= 2',
  });
}

function csvRun(mapping, rows) {
  const csv = join(dir, `rows-${rows}.csv`);
  writeCsv(csv, rows);
  const summary = run(`csv-${rows}-rows`, WORKERS, [
    '--mapping',
    mapping,
    '--input',
    csv,
    '--output',
    join(dir, `csv-${rows}.ndjson`),
  ]);
  rmSync(csv);
  return summary;
}

function run(scenario, workers, args, cli = CLI) {
  const started = performance.now();
  rmSync(join(dir, 'out-build'), { recursive: true, force: true });
  const r = spawnSync(
    process.execPath,
    [cli, 'run', '--progress', 'off', '--workers', String(workers), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (r.status !== 0) throw new Error(`mapx run exited ${r.status}: ${r.stderr}`);
  const summary = JSON.parse(r.stdout.trim().split('\n').pop());
  const result = {
    scenario,
    workers,
    inputs: summary.inputs,
    failed: summary.failed,
    ratePerSecond: summary.ratePerSecond,
    wallSeconds: summary.wallSeconds,
    cpuSeconds: summary.cpuSeconds,
    mainThreadSeconds: summary.mainThreadSeconds,
    threadCpuSeconds: summary.threadCpuSeconds,
    runThreadCpuSeconds: summary.runThreadCpuSeconds,
    cpuMsPerInput: round((summary.cpuSeconds * 1000) / summary.inputs),
    processSeconds: round((performance.now() - started) / 1000),
    peakRssMb: summary.peakRssMb,
    loadAverage: loadAverage(),
  };
  print(result);
  return result;
}

function adtMessage(i) {
  const text = readFileSync(join(ROOT, 'bench/fixtures/adt-a01.hl7'), 'latin1')
    .replace(/\r?\n/g, '\r')
    .trimEnd();
  return text.replace('|MSG00001|', `|MSG${String(i).padStart(8, '0')}|`);
}

function writeCsv(file, rows) {
  const parts = ['id,code,name\n'];
  for (let i = 0; i < rows; i++) parts.push(`${i},C${i % 97},Name ${i}\n`);
  writeFileSync(file, parts.join(''));
}

async function writeLines(file, count, line, end) {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++)
    if (!out.write(`${line(i)}${end}`)) await new Promise((r) => out.once('drain', r));
  await new Promise((r) => out.end(r));
}

function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  } catch {
    return undefined;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function round(n) {
  return Math.round(n * 100) / 100;
}

function print(line) {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
