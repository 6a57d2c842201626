import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EvaluationOutcome } from '../eval/outcome.js';
import type { ServiceMetrics } from './service-metrics.js';
import { outcomeOf } from './evaluation-outcome.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The evaluation this reply sends (set by `sendEvaluation`), for the metrics. */
    mapxEvaluation: EvaluationOutcome | null;
  }
}

const AD_HOC = '(ad-hoc)';
const UNKNOWN = '(unknown)';

/**
 * One `onResponse` hook: the request's latency by route pattern, method and status, and for an evaluation its
 * outcome by mapping id. Runs after the response is sent, so it adds no latency to the request it measures.
 */
export function installMetrics(app: FastifyInstance, metrics: ServiceMetrics | undefined): void {
  app.decorateReply('mapxEvaluation', null);
  if (!metrics) return;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? '(unmatched)';
    metrics.served(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const evaluation = reply.mapxEvaluation;
    if (evaluation) countEvaluation(app, metrics, req, route, evaluation);
    done();
  });
}

function countEvaluation(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  req: FastifyRequest,
  route: string,
  evaluation: EvaluationOutcome,
): void {
  const mapping = mappingLabel(app, req, route);
  const outcome = outcomeOf(evaluation);
  metrics.evaluated(mapping, outcome);
  if (!evaluation.ok && outcome === 'error') metrics.evaluationErrors.inc({ mapping, code: evaluation.code });
}

/** Only ids of saved mappings become label values: an unknown id in a URL would grow the series without bound. */
function mappingLabel(app: FastifyInstance, req: FastifyRequest, route: string): string {
  if (route === '/') return AD_HOC;
  const id = (req.params as { mappingId?: unknown } | undefined)?.mappingId;
  return typeof id === 'string' && app.mapx.mappings.current().mappings.has(id) ? id : UNKNOWN;
}
