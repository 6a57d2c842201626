import type { FastifyInstance, FastifyReply } from 'fastify';
import { announceToPeers } from '../cluster/peer-sync.js';

const DEPRECATION = 'POST /recache is deprecated; use POST /$recache';

/** POST /$recache, deprecated POST /recache, and GET /recache (always 405). */
export async function recacheRoutes(app: FastifyInstance): Promise<void> {
  app.post('/$recache', async (_request, reply) => recache(app, reply, false));
  app.post('/recache', async (request, reply) => {
    request.log.warn(DEPRECATION);
    reply.header('Warning', `299 - "${DEPRECATION}"`);
    return recache(app, reply, true);
  });
}

/** Registered even without mapping sources: GET /recache always answers 405 with guidance. */
export async function recacheGuidanceRoute(app: FastifyInstance): Promise<void> {
  app.get('/recache', async (_request, reply) =>
    reply.code(405).send({
      message: 'GET /recache is not supported. Use POST /$recache instead.',
      code: 'METHOD_NOT_ALLOWED',
    }),
  );
}

async function recache(
  app: FastifyInstance,
  reply: FastifyReply,
  deprecated: boolean,
): Promise<FastifyReply> {
  try {
    const view = await app.mapx.mappings.reload();
    app.mapx.serverConceptMaps?.flush();
    const peers = await announceToPeers({ kind: 'recache' });
    if (peers.failures.length)
      throw new Error(`recache failed in other workers: ${peers.failures.join('; ')}`);
    return reply.send({
      message: 'The following Mappings were loaded to cache',
      mappings: [...view.mappings.keys()].sort(),
      ...(deprecated ? { deprecated: true } : {}),
    });
  } catch (err) {
    app.log.error({ err }, 'recache failed; the previous cache stays in service');
    return reply.code(500).send({ message: 'error loading cache', code: 'RECACHE_FAILED' });
  }
}
