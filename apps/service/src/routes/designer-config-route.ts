import type { FastifyInstance } from 'fastify';
import { designerConfigRoute as contract, JSON_CONTENT_TYPE } from '@mapx/api';

/**
 * GET /designer/config.json: what the web-hosted designer needs before it renders — whether to log in
 * (MAPX_DESIGNER_AUTH_ENABLED). Public, like the designer's other static files.
 */
export async function designerConfigRoute(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify({ authEnabled: app.mapx.config.designer.authEnabled });
  app.get(contract.url, async (_request, reply) =>
    reply.type(JSON_CONTENT_TYPE).header('cache-control', 'no-cache').send(body),
  );
}
