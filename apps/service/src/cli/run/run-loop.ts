import type { buildApp } from '../../app.js';
import type { Checkpoint, CheckpointState, RunCounts } from './checkpoint.js';
import { BufferPool } from '../../isolation/batch-buffers.js';
import type { Outcome } from './map-input.js';
import { createBatchMapper, SPARES_PER_BATCH, type BatchOutcome } from './map-batch.js';
import { batchInputs } from './batch-inputs.js';
import type { RunIssue } from './run-codes.js';
import type { OutputFiles } from './output-files.js';
import type { Progress } from './progress.js';
import { readInputs } from './read-inputs.js';
import type { RunArgs } from './run-args.js';
import type { RunInput } from './run-input.js';
import type { RunLayout } from './run-layout.js';
import type { RunTarget } from './run-target.js';
import { OrderedWindow } from '../../stream/ordered-window.js';
import { errorLine } from './error-line.js';
import { warningKey } from './mapping-warnings.js';
import { threadCpu, threadTicks, type ThreadCpu, type ThreadTicks } from './thread-cpu.js';

export interface RunContext {
  readonly app: Awaited<ReturnType<typeof buildApp>>;
  readonly args: RunArgs;
  readonly source: string;
  /** Keys (`warningKey`) of the mapping's own warnings, reported once before the run: not repeated per input. */
  readonly mappingWarnings: ReadonlySet<string>;
  readonly files: readonly string[];
  readonly layout: RunLayout;
  readonly checkpoint: Checkpoint;
  readonly resumed: CheckpointState | undefined;
  readonly outputs: OutputFiles;
  /** The buffers batches travel in; `outputs` hands back what it has written. */
  readonly buffers: BufferPool;
  readonly target: RunTarget;
  readonly progress: Progress;
}

export interface RunSummary extends RunCounts {
  readonly inputs: number;
  readonly resumedPast: number;
  readonly interrupted: boolean;
  readonly workers: number;
  readonly shard: string;
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  /** Time the main thread (reading, hand-over, ordered writing) was busy: what the workers cannot use. */
  readonly mainThreadSeconds: number;
  readonly ratePerSecond: number;
  readonly output: string;
  readonly errors: string;
  readonly resources: Record<string, number>;
  /** CPU seconds by thread since the process started (Linux only): main, evaluation workers, the rest. */
  readonly threadCpuSeconds?: ThreadCpu;
  /**
   * The same, over the run alone (start-up excluded; Linux only): what each part costs per input, and so how many
   * evaluation threads one main thread can keep busy (workers ÷ main).
   */
  readonly runThreadCpuSeconds?: ThreadCpu;
  /** The process's peak resident set size (all threads). */
  readonly peakRssMb: number;
}

/** Batches in flight per worker: one running, more queued, while main reads and writes. */
const BATCHES_IN_FLIGHT_PER_WORKER = 3;
const CHECKPOINT_MS = 1_000;

/** Buffers for every batch in flight (its input, and its output by type) and a few more. */
export function batchBufferPool(workers: number): BufferPool {
  return new BufferPool(workers * BATCHES_IN_FLIGHT_PER_WORKER * (1 + SPARES_PER_BATCH) + 16);
}

/** Reads, maps (in the worker pool) and commits every input of this shard, checkpointing as it goes. */
export async function runLoop(ctx: RunContext): Promise<RunSummary> {
  const { args, layout, outputs, target, progress } = ctx;
  const started = Date.now();
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const ticks = threadTicks();
  const counts: RunCounts = { ...(ctx.resumed?.counts ?? { converted: 0, failed: 0, warnings: 0 }) };
  const resumeFrom = ctx.resumed?.nextSeq ?? 0;
  let nextSeq = resumeFrom;
  let bytesRead = 0;
  let inputs = 0;
  let skipped = 0;
  let sinceCheckpoint = 0;
  let lastCheckpoint = Date.now();
  outputs.append(layout.errors, '');
  const stats = () => ({ done: counts.converted + counts.failed, failed: counts.failed, skipped, bytesRead });
  const save = (complete: boolean) => {
    ctx.checkpoint.save({ nextSeq, files: outputs.flush(), counts, complete });
    sinceCheckpoint = 0;
    lastCheckpoint = Date.now();
  };
  const issue = (input: RunInput, found: RunIssue & { status?: number }) => {
    counts.failed++;
    outputs.append(layout.errors, errorLine(input, found, 'error'));
  };
  const warn = (input: RunInput, all: readonly RunIssue[]) => {
    const warnings = all.filter((w) => !ctx.mappingWarnings.has(warningKey(w)));
    for (const warning of warnings) outputs.append(layout.errors, errorLine(input, warning, 'warning'));
    counts.warnings += warnings.length;
  };
  const commitSingle = (input: RunInput, outcome: Outcome) => {
    warn(input, outcome.warnings);
    if (outcome.issue) issue(input, outcome.issue);
    else {
      counts.converted++;
      if (outcome.json !== undefined) target.commit(outcome.json);
    }
  };
  const commit = (batch: RunInput[], outcome: BatchOutcome) => {
    if (outcome.singles) outcome.singles.forEach((single, i) => commitSingle(batch[i] as RunInput, single));
    else {
      // in input order, each input's warnings before its error, as for single inputs: not by batch
      if (outcome.warnings.size > 0 || outcome.issues.size > 0)
        batch.forEach((input, i) => {
          const warnings = outcome.warnings.get(i);
          if (warnings) warn(input, warnings);
          const found = outcome.issues.get(i);
          if (found) issue(input, found);
        });
      counts.converted += batch.length - outcome.issues.size;
      target.commitTexts(outcome.texts);
    }
    nextSeq = (batch[batch.length - 1] as RunInput).seq + 1;
    sinceCheckpoint += batch.length;
    progress.update(stats());
    if (sinceCheckpoint >= args.checkpointEvery || Date.now() - lastCheckpoint >= CHECKPOINT_MS) save(false);
  };
  const window = new OrderedWindow(
    args.workers * BATCHES_IN_FLIGHT_PER_WORKER,
    createBatchMapper(ctx.app.mapx, ctx.source, target, ctx.buffers),
    commit,
  );
  const stop = interruption();
  // the inputs of this shard still to map (those a checkpoint covers are read, counted and skipped)
  async function* thisShard(all: AsyncIterable<RunInput[]>): AsyncGenerator<RunInput[]> {
    for await (const group of all) {
      if (stop.requested) return;
      const mine: RunInput[] = [];
      for (const input of group) {
        if (input.seq % args.shard.count !== args.shard.index) continue;
        inputs++;
        if (input.seq < resumeFrom) skipped++;
        else mine.push(input);
      }
      if (mine.length > 0) yield mine;
    }
  }
  const reading = readInputs(ctx.files, {
    format: args.format,
    maxInputBytes: args.maxInputBytes,
    csvDelimiter: args.csvDelimiter,
    ...(args.csvGroupBy === undefined ? {} : { csvGroupBy: args.csvGroupBy }),
    onBytes: (n) => (bytesRead += n),
  });
  try {
    for await (const batch of batchInputs(thisShard(reading), args.workers)) await window.push(batch);
    await window.finish();
  } finally {
    stop.dispose();
  }
  save(!stop.requested);
  progress.stop(stats());
  const wallSeconds = (Date.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const mainBusy = performance.eventLoopUtilization(loop).active / 1000;
  const done = inputs - skipped;
  return {
    inputs,
    resumedPast: skipped,
    ...counts,
    interrupted: stop.requested,
    workers: args.workers,
    shard: `${args.shard.index}/${args.shard.count}`,
    wallSeconds: round(wallSeconds),
    cpuSeconds: round((used.user + used.system) / 1e6),
    mainThreadSeconds: round(mainBusy),
    ...threadSeconds(args.workers, ticks),
    ratePerSecond: round(wallSeconds > 0 ? done / wallSeconds : 0),
    output: layout.output,
    errors: layout.errors,
    resources: Object.fromEntries(target.counts),
    peakRssMb: round(process.resourceUsage().maxRSS / 1024),
  };
}

/** SIGINT/SIGTERM: stop reading, let what is in flight finish, write the checkpoint, exit. */
function interruption() {
  const state = { requested: false, dispose: () => undefined as void };
  const onSignal = () => {
    state.requested = true;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  state.dispose = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  return state;
}

function threadSeconds(
  workers: number,
  runStart: ThreadTicks | undefined,
): { threadCpuSeconds?: ThreadCpu; runThreadCpuSeconds?: ThreadCpu } {
  // one reading of /proc for both figures
  const now = threadTicks();
  if (!now) return {};
  const all = threadCpu(workers, now);
  const run = runStart && threadCpu(workers, now, runStart);
  const rounded = (cpu: ThreadCpu) => ({
    main: round(cpu.main),
    workers: round(cpu.workers),
    other: round(cpu.other),
  });
  return { threadCpuSeconds: rounded(all), ...(run ? { runThreadCpuSeconds: rounded(run) } : {}) };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
