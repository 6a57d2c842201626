import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EvaluationOutcome } from '../eval/outcome.js';
import type { ServiceMetrics } from './service-metrics.js';
import { outcomeOf } from './evaluation-outcome.js';
import { LabelledChildren } from './labelled-children.js';

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
  // one child per label set, found again without building a label object or its key at every response (the
  // label objects keep the order of the series' text)
  const latency = new LabelledChildren((route: string, method: string, status: number) =>
    metrics.requests.labels({ method, route, status_code: status }),
  );
  const counted = new LabelledChildren((mapping: string, outcome: string) =>
    metrics.evaluations.labels({ mapping, outcome }),
  );
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? '(unmatched)';
    latency.of(route, req.method, reply.statusCode).observe(reply.elapsedTime / 1000);
    const evaluation = reply.mapxEvaluation;
    if (evaluation) countEvaluation(app, metrics, counted, req, route, evaluation);
    done();
  });
}

function countEvaluation(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  counted: LabelledChildren<[string, string], { inc(): void }>,
  req: FastifyRequest,
  route: string,
  evaluation: EvaluationOutcome,
): void {
  const mapping = mappingLabel(app, req, route);
  const outcome = outcomeOf(evaluation);
  counted.of(mapping, outcome).inc();
  if (!evaluation.ok && outcome === 'error') metrics.evaluationErrors.inc({ mapping, code: evaluation.code });
}

/** Only ids of saved mappings become label values: an unknown id in a URL would grow the series without bound. */
function mappingLabel(app: FastifyInstance, req: FastifyRequest, route: string): string {
  if (route === '/') return AD_HOC;
  const id = (req.params as { mappingId?: unknown } | undefined)?.mappingId;
  return typeof id === 'string' && app.mapx.mappings.current().mappings.has(id) ? id : UNKNOWN;
}
