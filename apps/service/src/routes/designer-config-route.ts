import type { FastifyInstance } from 'fastify';

/**
 * GET /designer/config.json: what the web-hosted designer needs before it renders — whether to log in
 * (MAPX_DESIGNER_AUTH_ENABLED). Public, like the designer's other static files.
 */
export async function designerConfigRoute(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify({ authEnabled: app.mapx.config.designer.authEnabled });
  app.get('/designer/config.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
