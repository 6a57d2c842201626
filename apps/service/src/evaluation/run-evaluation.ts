import { exceedsDepth } from '@mapx/engine';
import type { MapxServices } from '../services.js';
import type { EvaluationRequest } from '../eval/evaluation-request.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { taskFailure } from '../eval/failures.js';
import { evaluateRequest } from '../eval/evaluate-request.js';
import { awaitWarmup } from './await-warmup.js';
import type { MappingView } from '../mappings/mapping-cache.js';

/**
 * Evaluate one expression: in the evaluation worker pool (MAPX_EVAL_ISOLATION=worker, docs/architecture.md) or on
 * this thread (`off`). Every adapter (HTTP routes, listeners, `mapx run`, mapping tests) asks here.
 */
export function runEvaluation(services: MapxServices, req: EvaluationRequest): Promise<EvaluationOutcome> {
  const pending = awaitWarmup(services);
  if (pending) return pending.then((waiting) => waiting ?? afterWarmup(services, req));
  try {
    return afterWarmup(services, req);
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/** Not an async function: a request evaluated on this thread takes no promise before the evaluation's own. */
function afterWarmup(services: MapxServices, req: EvaluationRequest): Promise<EvaluationOutcome> {
  const view = services.mappings.current();
  if (!services.evalPool) return evaluateRequest(services, view, req);
  const limit = services.config.eval.maxInputDepth;
  if (exceedsDepth(req.input, limit)) return Promise.resolve(taskFailure({ kind: 'input-too-deep', limit }));
  return services.inline?.run(view, req) ?? inPool(services, services.evalPool, view, req);
}

async function inPool(
  services: MapxServices,
  pool: NonNullable<MapxServices['evalPool']>,
  view: MappingView,
  req: EvaluationRequest,
): Promise<EvaluationOutcome> {
  const outcome = await pool.run(req, view);
  if (outcome.costBound !== undefined) services.inline?.remember(req.source);
  if (outcome.normalized && services.metrics)
    for (const [essence, seconds] of outcome.normalized) services.metrics.normalized(essence, seconds);
  return outcome;
}
