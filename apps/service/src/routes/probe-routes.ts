import type { FastifyInstance } from 'fastify';
import { livenessRoute, readinessRoute } from '@mapx/api';

/**
 * Probes for orchestrators. GET /health/live: the process answers (stays 200 while draining, so a draining pod is
 * not restarted). GET /health/ready: 200 once warm-up has finished and until draining starts, 503 otherwise.
 */
export async function probeRoutes(app: FastifyInstance): Promise<void> {
  app.get(livenessRoute.url, async () => ({ status: 'UP' }));
  app.get(readinessRoute.url, async (_req, reply) => {
    const state = app.mapx.warmup.state();
    if (app.mapx.lifecycle.draining) return reply.code(503).send({ status: 'DRAINING', ...state });
    if (state.warming_up) return reply.code(503).send({ status: 'WARMING_UP', ...state });
    return { status: state.warming_up_error ? 'DEGRADED' : 'UP', ...state };
  });
}
