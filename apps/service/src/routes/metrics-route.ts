import { metricsRoute as metricsContract } from '@mapx/api';
import type { FastifyInstance } from 'fastify';
import { metricsSource } from '../cluster/cluster-metrics.js';

/**
 * GET /metrics: Prometheus text format (docs/deployment.md lists the series). With MAPX_WORKERS > 1 one scrape
 * covers every worker. Not registered with MAPX_METRICS=off. The auth policy applies as to any route.
 */
export async function metricsRoute(app: FastifyInstance): Promise<void> {
  const { metrics } = app.mapx;
  if (!metrics) return;
  const collect = metricsSource(metrics.registry);
  app.get(metricsContract.url, async (_req, reply) => {
    const text = await collect();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
