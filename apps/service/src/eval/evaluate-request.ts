import type { Engine } from '@mapx/engine';
import type { AppConfig } from '../config/app-config.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import { isPending, type InputDispatcher } from '../normalize/input-dispatcher.js';
import type { EvaluationRequest } from './evaluation-request.js';
import type { EvaluationOutcome } from './outcome.js';
import { inputFailure } from './failures.js';
import { evaluateLocally } from './evaluate-locally.js';

/** What evaluating a request needs, on the main thread or in an evaluation worker thread. */
export interface Evaluator {
  readonly engine: Engine;
  readonly config: AppConfig;
  readonly dispatcher: InputDispatcher;
}

/**
 * Normalises a raw input (a saved mapping's request body) where the evaluation runs, then evaluates: in a worker
 * thread the bytes cross to the thread instead of the parsed message, which costs far less to copy.
 */
export async function evaluateRequest(
  evaluator: Evaluator,
  view: MappingView,
  req: EvaluationRequest,
): Promise<EvaluationOutcome> {
  const { engine, config, dispatcher } = evaluator;
  if (!req.rawInput) return evaluateLocally(engine, config, view, req);
  const pending = dispatcher.normalize(req.rawInput.contentType, req.rawInput.bytes, true);
  const result = isPending(pending) ? await pending : pending;
  if (!result.ok) return inputFailure(result);
  const inputWarnings = [...(req.inputWarnings ?? []), ...(result.warnings ?? [])];
  return evaluateLocally(engine, config, view, { ...req, input: result.value, inputWarnings });
}
