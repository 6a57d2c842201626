import type { EvaluationRequest } from '../eval/evaluation-request.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import type { AppConfig } from '../config/app-config.js';

/** A mapping view with the version main gave it; versions only grow within one pool. */
export interface VersionedView {
  readonly version: number;
  readonly view: MappingView;
}

/** What main sends a worker: the request, the view version it must be evaluated against, maybe that view. */
export interface EvalTask extends EvaluationRequest {
  readonly viewVersion: number;
  /** Attached when a worker answered `stale`: the worker adopts it before evaluating. */
  readonly view?: VersionedView;
}

/** `stale`: the worker does not hold the expected view version, main sends the task again with the view. */
export type EvalTaskResult =
  | { readonly stale: true }
  /** The evaluation threw (a bug, or a result JSON cannot serialise): main rethrows, as if it had run there. */
  | { readonly stale?: undefined; readonly thrown: string }
  /** The outcome, its result and report as the request asked for them (`resultAs`: JSON text by default). */
  | { readonly stale?: undefined; readonly thrown?: undefined; readonly outcome: EvaluationOutcome };

/** `workerData` of every evaluation worker thread. */
export interface EvalWorkerData {
  /** The main thread's validated configuration (a clone): a thread need not load the validator to read it again. */
  readonly config: AppConfig;
  /** BroadcastChannel name on which main publishes each new mapping view. */
  readonly viewChannel: string;
  /** A `Gate`'s buffer: open once the FHIR packages may be read from the cache. */
  readonly fhirGate: SharedArrayBuffer;
  /** The evaluation module (`evalWorkerUrl`), which `eval-worker-entry` loads once it is this thread's turn. */
  readonly module: string;
  /** A counter (the first thread to start takes 0) and a `Gate`'s buffer, open once that thread has started. */
  readonly startTickets: SharedArrayBuffer;
  readonly startGate: SharedArrayBuffer;
}

/** Posted on the worker's parent port once its engine, FHIR context and normalisers are built (or failed). */
export type WorkerStatusMessage =
  { readonly mapxEvalWorker: 'ready' } | { readonly mapxEvalWorker: 'failed'; readonly reason: string };

export function isWorkerStatus(message: unknown): message is WorkerStatusMessage {
  return typeof message === 'object' && message !== null && 'mapxEvalWorker' in message;
}
