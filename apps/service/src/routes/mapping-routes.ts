import type { FastifyInstance, HTTPMethods } from 'fastify';
import { sendError } from '../http/reply/error-reply.js';
import { mappingReadRoutes } from './mapping-read-routes.js';
import { mappingExecuteRoutes } from './mapping-execute-routes.js';
import { mappingWriteRoutes } from './mapping-write-routes.js';
import { recacheRoutes } from './recache-routes.js';
import { mappingHistoryRoutes } from '../mapping-history/mapping-history-routes.js';
import { waitForWarmup } from '../http/wait-for-warmup.js';
import { WARMUP_MAPPINGS } from '../services.js';

/**
 * Everything under /Mapping plus recache. Bodies are taken raw (as bytes) in this scope: the input dispatcher
 * decodes them by their character set, then the normaliser for the Content-Type parses them. Without a
 * mapping source every route answers 405.
 */
export async function mappingRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  if (!app.mapx.mappings.configured) {
    const all: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];
    const routes: [string, HTTPMethods[]][] = [
      ['/Mapping', all],
      ['/Mapping/*', all],
      ['/$recache', ['POST']],
      ['/recache', ['POST']],
    ];
    for (const [url, method] of routes) {
      app.route({ method, url, handler: async (_r, reply) => sendError(reply, 'NO_MAPPING_SOURCE') });
    }
    return;
  }
  // Reads and writes of mappings wait for the first load of the sources, so nothing answers 404 or races it.
  app.addHook('preHandler', waitForWarmup(app, [WARMUP_MAPPINGS]));
  await app.register(mappingReadRoutes);
  await app.register(mappingHistoryRoutes);
  await app.register(mappingExecuteRoutes);
  await app.register(recacheRoutes);
  // registered in both editions: the edition gate (installed where routes are registered) answers them in base
  await app.register(mappingWriteRoutes);
}
