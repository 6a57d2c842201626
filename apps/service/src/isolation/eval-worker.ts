import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { PluginContext } from '@mapx/plugin-api';
import type { Engine } from '@mapx/engine';
import { deepFreeze } from '../config/deep-freeze.js';
import { createLogger } from '../logger.js';
import { FhirHolder } from '../context/fhir-holder.js';
import { InputDispatcher } from '../normalize/input-dispatcher.js';
import { registerHostFunctions } from '../eval/host-functions.js';
import { createServiceEngine } from '../eval/service-engine.js';
import { evaluateRequest } from '../eval/evaluate-request.js';
import type { EvaluationFailure, Timing } from '../eval/outcome.js';
import { forTransfer } from './outcome-transfer.js';
import type { EvalTask, EvalTaskResult, EvalWorkerData, WorkerStatusMessage } from './eval-task.js';
import { loadNormalizers } from './load-normalizers.js';
import { isBatchTask, lentBuffers, type BatchTask, type BatchTaskResult } from './batch-task.js';
import { evaluateBatch } from './evaluate-batch.js';
import { moveBuffers } from './move-buffers.js';
import { ViewReceiver } from './view-receiver.js';
import { Gate } from './gate.js';
import { toMainThread } from './worker-logs.js';
import { flushCompileCache } from '../compile-cache.js';

type Handler = (task: EvalTask | BatchTask) => Promise<EvalTaskResult | BatchTaskResult>;

/**
 * An evaluation worker thread (piscina loads this module; its default export is the handler, once built): the
 * configuration, FHIR context, normalisers and engine are built once here, as main builds them.
 */
async function init(): Promise<Handler> {
  const data = workerData as EvalWorkerData;
  const config = deepFreeze(data.config);
  const logger = createLogger(config.logLevel, toMainThread as unknown as NodeJS.WritableStream).child({
    component: 'eval-worker',
    thread: threadId,
  });
  const fhir = new FhirHolder(config.fhir, logger);
  const ctx: PluginContext = { logger, env: config.env, fhir: () => fhir.get() };
  // the normalisers load while main loads the FHIR packages; a failure is thrown below, once awaited
  const normalizers = loadNormalizers(config, ctx);
  normalizers.catch(() => undefined);
  // main loads the packages first (it fills the cache); a failure is recorded and FLASH reports it
  await Gate.opened(data.fhirGate);
  await fhir.load().catch(() => undefined);
  // one task at a time per thread: the timings of the task running now, handed back with its reply
  let timings: Timing[] | undefined;
  const timer = config.server.metrics
    ? (essence: string, seconds: number) => void (timings ??= []).push([essence, seconds])
    : undefined;
  const dispatcher = new InputDispatcher(await normalizers, config.input.defaultCharset, timer);
  const { engine, serverConceptMaps } = createServiceEngine(
    config,
    fhir,
    logger.child({ component: 'engine' }),
    { ownThread: true },
  );
  registerHostFunctions(engine, dispatcher);
  const evaluator = { engine, config, dispatcher };
  flushCompileCache();
  const views = new ViewReceiver(data.viewChannel, (view) => {
    fhir.setExternalConceptMaps(view.conceptMaps);
    // a new view follows a mapping write or a recache: what was looked up on the FHIR server may be stale too
    serverConceptMaps?.flush();
  });
  return async (task) => {
    if (task.view) views.adopt(task.view);
    else if (!views.sync(task.viewVersion)) {
      // main's buffers come back with the refusal: it sends the batch again in them
      if (!isBatchTask(task)) return { stale: true };
      return moveBuffers({ stale: true, buffers: lentBuffers(task) });
    }
    timings = undefined;
    if (isBatchTask(task)) return moveBuffers(await evaluateBatch(evaluator, views.view, task));
    try {
      const outcome = await evaluateRequest(evaluator, views.view, task);
      // a failed compile is not cached: asking again would compile it twice; a failed evaluation is not learnt
      const learn = !task.rawInput && !task.explain && (outcome.ok || isPartial(outcome));
      const costBound = learn ? await costBoundOf(engine, task.source) : undefined;
      const facts = {
        ...(timings ? { normalized: timings } : {}),
        ...(costBound === undefined ? {} : { costBound }),
      };
      const sent = forTransfer(outcome, task.resultAs ?? 'json');
      return { outcome: timings || costBound !== undefined ? { ...sent, ...facts } : sent };
    } catch (err) {
      return { thrown: err instanceof Error ? err.message : String(err) };
    }
  };
}

/** A verbose answer whose result came with errors (report status 206). */
function isPartial(outcome: EvaluationFailure): boolean {
  return (
    outcome.detail.kind === 'evaluation' && outcome.detail.partial && outcome.detail.report !== undefined
  );
}

/** The compiled expression is in the engine's cache by now: this is a lookup. */
async function costBoundOf(engine: Engine, source: string): Promise<number | undefined> {
  try {
    return (await engine.compile(source)).costBound;
  } catch {
    return undefined;
  }
}

function announce(message: WorkerStatusMessage): void {
  parentPort?.postMessage(message);
}

export default init().then(
  (handler) => {
    announce({ mapxEvalWorker: 'ready' });
    return handler;
  },
  (err: unknown) => {
    announce({ mapxEvalWorker: 'failed', reason: err instanceof Error ? err.message : String(err) });
    throw err;
  },
);
