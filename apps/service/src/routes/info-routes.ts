import type { FastifyInstance } from 'fastify';
import { healthRoute, pluginsRoute, serverInfoRoute, type ServerInfo } from '@mapx/api';
import { formatUptime } from './format-uptime.js';
import { productVersion } from '../product-version.js';
import { visibleListenerStates } from '../listeners/visible-listener-states.js';

/** GET / (server info), GET /health, GET /plugins. */
export async function infoRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.mapx;
  app.get(serverInfoRoute.url, async (request): Promise<ServerInfo> => {
    const { warmup, fhir, startedAt } = app.mapx;
    const listeners = await visibleListenerStates(app, request);
    return {
      mapx_version: `mapx ${config.edition} ${productVersion()}`,
      fhir_server: config.fhirServer.base ?? 'n/a',
      uptime: formatUptime(Date.now() - startedAt),
      context_packages: fhir.get()?.packages.map((p) => ({ id: p.id, version: p.version })) ?? [],
      ...warmup.state(),
      ...(config.license.to ? { licensed_to: config.license.to } : {}),
      ...(config.license.until ? { licensed_until: config.license.until } : {}),
      ...(listeners.length ? { listeners } : {}),
    };
  });

  app.get(healthRoute.url, async (_req, reply) => {
    const state = app.mapx.warmup.state();
    if (app.mapx.lifecycle.draining) return reply.code(503).send({ status: 'DRAINING', ...state });
    return { status: state.warming_up_error ? 'DEGRADED' : 'UP', ...state };
  });

  app.get(pluginsRoute.url, async () => app.mapx.plugins.list);
}
