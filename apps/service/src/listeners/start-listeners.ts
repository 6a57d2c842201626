import type { FastifyInstance } from 'fastify';
import type { ListenerHost, ListenerState } from '@mapx/plugin-api';
import { evaluateSavedMapping } from './evaluate-saved-mapping.js';
import { listenerMetrics } from './listener-metrics.js';

/**
 * Starts every configured listener once the service is ready (listening, warm-up settled), so its first message
 * finds the mappings loaded and the evaluation workers up. A listener that cannot start stops the process the
 * way a bad configuration does.
 */
export async function startListeners(app: FastifyInstance): Promise<void> {
  const services = app.mapx;
  await services.warmup.start().catch(() => undefined);
  for (const entry of services.plugins.listeners) {
    const logger = app.log.child({ listener: entry.id });
    const host: ListenerHost = {
      logger,
      evaluate: (mappingId, input) => evaluateSavedMapping(services, mappingId, input),
      metrics: listenerMetrics(services.metrics?.registry, entry.id),
    };
    await entry.listener.start(host);
  }
}

/** Graceful drain of every listener: in-flight messages finish and are answered. */
export async function stopListeners(app: FastifyInstance): Promise<void> {
  await Promise.allSettled(app.mapx.plugins.listeners.map((l) => l.listener.stop()));
}

/** The `listeners` array of `GET /` (absent when none is configured). */
export function listenerStates(app: FastifyInstance): ListenerState[] {
  return app.mapx.plugins.listeners.map((l) => l.listener.state());
}
