// `mapx run` throughput and memory (docs/bulk.md). Scenario 1: BENCH_RUN_MESSAGES (default 100,000) ADT^A01
// messages (bench/fixtures/adt-a01.hl7, each with its own control id) in one HL7 v2 batch file, mapped with the
// bench ADT mapping into a folder, with 1 worker and with BENCH_RUN_WORKERS (default: every core). Scenario 2: peak
// RSS over BENCH_RUN_ROWS_SMALL (10,000) and BENCH_RUN_ROWS_LARGE (1,000,000) CSV rows, one input per row.
// BENCH_RUN_ROUNDS (default 3) pairs of ADT runs, 1 worker and all workers alternating (which goes first swaps each
// round): on a shared machine only the ratio within a pair means much, so the median pair ratio is reported.
// BENCH_RUN_SCENARIOS (default `adt,csv`) picks the scenarios.
// Prints one JSON line per run and one per comparison. Run `npm run build` first. Files go to a temp folder.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'apps/service/dist/cli/mapx-cli.js');
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

function run(scenario, workers, args) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [CLI, 'run', '--progress', 'off', '--workers', String(workers), ...args],
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
