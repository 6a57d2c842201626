import type { Piscina } from 'piscina';
import type * as PiscinaModule from 'piscina';
import { requireCommonJs } from '../require-commonjs.js';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import type { EvaluationRequest } from '../eval/evaluation-request.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { queueTimeout, taskFailure, type TaskFailure } from '../eval/failures.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import {
  isWorkerStatus,
  type EvalTask,
  type EvalTaskResult,
  type EvalWorkerData,
  type VersionedView,
} from './eval-task.js';
import type { BatchRequest, BatchResult, BatchTask, BatchTaskResult } from './batch-task.js';
import { BatchWatchdog } from './batch-watchdog.js';
import { BATCHES_PER_THREAD, evalBalancer } from './eval-balancer.js';
import { runBatchOn } from './run-batch.js';
import { PoolReadiness } from './pool-readiness.js';
import { Gate } from './gate.js';
import { ThreadSlots } from './thread-slots.js';
import { ViewPublisher } from './view-publisher.js';
import { evalWorkerEntryUrl, evalWorkerUrl, workerExecArgv } from './worker-url.js';
import { isWorkerLog, writeToDestination } from './worker-logs.js';
import { setThreadCompileMode } from './thread-compile-mode.js';

/**
 * Time a task may take beyond MAPX_EVAL_TIMEOUT_MS before its worker is terminated from outside. The engine's
 * own (cooperative) limit answers first whenever the evaluation still reaches a check; this covers the rest
 * (a synchronous regular expression or string operation), and includes the hand-over to the worker (not the
 * wait for a free thread: see ThreadSlots).
 */
export const HARD_LIMIT_GRACE_MS = 250;

/**
 * The evaluation worker threads of one service instance (piscina): each holds its own engine, FHIR context,
 * normalisers and a copy of the mapping view. A task that overruns the time limit, runs out of memory or whose
 * worker dies fails alone with a coded reply; piscina replaces the worker.
 */
export class EvalPool {
  private pool: Piscina<EvalTask, EvalTaskResult> | undefined;
  private readonly views = new ViewPublisher();
  private readonly fhirGate = new Gate();
  private readonly readiness: PoolReadiness;
  private readonly slots: ThreadSlots;
  private readonly batchSlots: ThreadSlots;
  private closed = false;

  constructor(
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {
    // every thread starts at once; the pool serves as soon as the first has built its engine
    this.readiness = new PoolReadiness(1);
    this.slots = new ThreadSlots(config.eval.threads);
    this.batchSlots = new ThreadSlots(config.eval.threads * BATCHES_PER_THREAD);
  }

  /**
   * Starts the threads; resolves once the first has built its engine (or rejects with why not). With `fhirLoaded`
   * the thread loads its modules at once but reads the FHIR packages only once that settles: the main thread
   * fills the package cache, the threads read it.
   */
  start(fhirLoaded?: Promise<unknown>): Promise<void> {
    if (!this.pool && fhirLoaded) {
      this.fhirGate.close();
      const open = () => this.fhirGate.open();
      // a failed load opens it too: each thread then records the failure itself, as main does
      fhirLoaded.then(open, open);
    }
    this.ensurePool();
    return this.readiness.ready;
  }

  async run(req: EvaluationRequest, view: MappingView): Promise<EvaluationOutcome> {
    // tasks wait in piscina's queue while the threads start (warm-up disabled: the first request starts them)
    const pool = this.ensurePool();
    if (!pool) return taskFailure({ kind: 'worker-died', reason: 'the service is shutting down' });
    const slot = this.slots.acquire(this.config.eval.queueTimeoutMs);
    if (slot !== true && !(await slot)) return queueTimeout(this.config.eval.queueTimeoutMs);
    const versioned = this.views.publish(view);
    const aborter = new AbortController();
    const timer = setTimeout(() => aborter.abort(), this.config.eval.timeoutMs + HARD_LIMIT_GRACE_MS);
    try {
      return await this.runOn(pool, req, versioned, aborter.signal);
    } catch (err) {
      // the route's error handler answers it, as when the evaluation runs on this thread
      if (err instanceof EvaluationThrew) throw err;
      const failure = this.classify(err, aborter.signal.aborted);
      if (failure.kind === 'time-limit')
        this.logger.warn(
          { timeoutMs: this.config.eval.timeoutMs },
          'evaluation worker terminated at the time limit',
        );
      else this.logger.warn({ err, failure: failure.kind }, 'evaluation ended by its worker pool');
      return taskFailure(failure);
    } finally {
      clearTimeout(timer);
      this.slots.release();
    }
  }

  /**
   * Many inputs of one mapping in one task (`mapx run`). When the batch cannot finish (an input overran the time or
   * memory limit, its worker died) the answer is why; the caller maps those inputs again one by one (each a batch
   * of one), so only the culprit fails. Queue time does not count toward the limit: the watchdog starts with each
   * input.
   */
  async runBatch(batch: BatchRequest, view: MappingView): Promise<BatchResult | { failed: TaskFailure }> {
    const pool = this.ensurePool() as Piscina<BatchTask, BatchTaskResult> | undefined;
    if (!pool) return { failed: { kind: 'worker-died', reason: 'the service is shutting down' } };
    const slot = this.batchSlots.acquire();
    if (slot !== true) await slot;
    const watchdog = new BatchWatchdog(this.config.eval.timeoutMs + HARD_LIMIT_GRACE_MS);
    try {
      return await runBatchOn(pool, batch, this.views.publish(view), watchdog);
    } catch (err) {
      const failure = this.classify(err, watchdog.fired);
      this.logger.warn(
        { err, failure: failure.kind, inputs: batch.ends.length },
        'batch ended by its worker pool',
      );
      return { failed: failure };
    } finally {
      watchdog.stop();
      this.batchSlots.release();
    }
  }

  /** The heap limits Node applied to each started thread (MB), as the threads report them. */
  threadHeapLimits(): Array<{ oldGenerationMb?: number; youngGenerationMb?: number }> {
    return (this.pool?.threads ?? []).map(({ resourceLimits: r }) => ({
      ...(r?.maxOldGenerationSizeMb === undefined ? {} : { oldGenerationMb: r.maxOldGenerationSizeMb }),
      ...(r?.maxYoungGenerationSizeMb === undefined ? {} : { youngGenerationMb: r.maxYoungGenerationSizeMb }),
    }));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.readiness.cancel('the service is shutting down');
    const pool = this.pool;
    this.pool = undefined;
    this.views.close();
    await pool?.destroy();
  }

  private ensurePool(): Piscina<EvalTask, EvalTaskResult> | undefined {
    if (this.closed || this.pool) return this.pool;
    const { threads, memoryMb, youngGenerationMb, compileInThread } = this.config.eval;
    setThreadCompileMode(compileInThread);
    const startGate = new Gate();
    startGate.close();
    const workerData: EvalWorkerData = {
      config: this.config,
      viewChannel: this.views.channelName,
      fhirGate: this.fhirGate.buffer,
      module: evalWorkerUrl(),
      startTickets: new SharedArrayBuffer(4),
      startGate: startGate.buffer,
    };
    // loaded when the pool starts (with warm-up, before the plugins load), not with the service's modules
    const { Piscina: Pool } = requireCommonJs('piscina') as typeof PiscinaModule;
    const execArgv = workerExecArgv();
    const pool = new Pool<EvalTask, EvalTaskResult>({
      filename: evalWorkerEntryUrl(),
      ...(execArgv ? { execArgv } : {}),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: youngGenerationMb },
      workerData,
      closeTimeout: this.config.server.shutdownTimeoutMs,
      // run/wait-time histograms halved the pool's round trips per second (measured: docs/performance.md)
      recordTiming: false,
      loadBalancer: evalBalancer,
    });
    pool.on('message', (message: unknown) => {
      if (isWorkerLog(message)) writeToDestination(this.logger, message.mapxEvalLog);
      else if (isWorkerStatus(message)) this.readiness.report(message);
    });
    pool.on('error', (err: unknown) => {
      this.logger.error({ err }, 'evaluation worker failed outside a task');
      // before every worker is ready this is a worker that could not even load its module
      this.readiness.report({
        mapxEvalWorker: 'failed',
        reason: err instanceof Error ? err.message : String(err),
      });
    });
    this.pool = pool;
    return pool;
  }

  private async runOn(
    pool: Piscina<EvalTask, EvalTaskResult>,
    req: EvaluationRequest,
    versioned: VersionedView,
    signal: AbortSignal,
  ): Promise<EvaluationOutcome> {
    const task: EvalTask = { ...req, viewVersion: versioned.version };
    let result = await pool.run(task, { signal });
    if (result.stale) result = await pool.run({ ...task, view: versioned }, { signal });
    if (result.stale) throw new Error('the evaluation worker refused the view it was sent');
    if (result.thrown !== undefined) throw new EvaluationThrew(result.thrown);
    return result.outcome;
  }

  private classify(err: unknown, timedOut: boolean): TaskFailure {
    if (timedOut) return { kind: 'time-limit', timeoutMs: this.config.eval.timeoutMs };
    if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return { kind: 'memory-limit', memoryMb: this.config.eval.memoryMb };
    return { kind: 'worker-died', reason: err instanceof Error ? err.message : String(err) };
  }
}

/** An exception inside the worker's evaluation (not the worker's death), rethrown on main. */
class EvaluationThrew extends Error {
  override readonly name = 'EvaluationThrew';
}
