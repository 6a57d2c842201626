import type { MapxServices } from '../services.js';
import { awaitWarmup } from './await-warmup.js';
import { evaluateRequest } from './evaluate-request.js';

export interface EvaluationRequest {
  readonly source: string;
  readonly input: unknown;
  readonly verbose: boolean;
  /** POST / collects only throwable diagnostics in non-verbose mode (mapping-language §9.4 step 4). */
  readonly lowerCollect: boolean;
  readonly bindings?: Readonly<Record<string, unknown>>;
  /** A body still to normalise (strictly) where the evaluation runs; `input` is then ignored. */
  readonly rawInput?: { readonly contentType: string | undefined; readonly text: string };
}

/**
 * `body` undefined (and no `json`) means an empty 200 body (an undefined result). `json` is the body already
 * serialised (by an evaluation worker thread): sent as is, never parsed again.
 */
export interface EvaluationReply {
  readonly status: number;
  readonly body?: unknown;
  readonly json?: string;
}

/**
 * Evaluate one expression: in the evaluation worker pool (MAPX_EVAL_ISOLATION=worker, docs/architecture.md) or on
 * this thread (`off`).
 */
export async function runEvaluation(
  services: MapxServices,
  req: EvaluationRequest,
): Promise<EvaluationReply> {
  const pending = awaitWarmup(services);
  if (pending) {
    const waiting = await pending;
    if (waiting) return waiting;
  }
  const view = services.mappings.current();
  if (services.evalPool) return services.evalPool.run(req, view);
  return evaluateRequest(services, view, req);
}
