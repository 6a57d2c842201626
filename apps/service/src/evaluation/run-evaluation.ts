import { exceedsDepth } from '@mapx/engine';
import type { MapxServices } from '../services.js';
import type { EvaluationRequest } from '../eval/evaluation-request.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { taskFailure } from '../eval/failures.js';
import { evaluateRequest } from '../eval/evaluate-request.js';
import { awaitWarmup } from './await-warmup.js';

/**
 * Evaluate one expression: in the evaluation worker pool (MAPX_EVAL_ISOLATION=worker, docs/architecture.md) or on
 * this thread (`off`). Every adapter (HTTP routes, listeners, `mapx run`, mapping tests) asks here.
 */
export async function runEvaluation(
  services: MapxServices,
  req: EvaluationRequest,
): Promise<EvaluationOutcome> {
  const pending = awaitWarmup(services);
  if (pending) {
    const waiting = await pending;
    if (waiting) return waiting;
  }
  const view = services.mappings.current();
  if (services.evalPool) {
    const limit = services.config.eval.maxInputDepth;
    if (exceedsDepth(req.input, limit)) return taskFailure({ kind: 'input-too-deep', limit });
    const here = await services.inline?.run(view, req);
    if (here) return here;
    const outcome = await services.evalPool.run(req, view);
    if (outcome.costBound !== undefined) services.inline?.remember(req.source);
    if (outcome.normalized && services.metrics)
      for (const [essence, seconds] of outcome.normalized)
        services.metrics.normalize.observe({ content_type: essence }, seconds);
    return outcome;
  }
  return evaluateRequest(services, view, req);
}
