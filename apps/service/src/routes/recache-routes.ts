import type { FastifyInstance, FastifyReply } from 'fastify';
import { deprecatedRecacheRoute, recacheGuidanceRoute as guidance, recacheRoute } from '@mapx/api';
import { announceToPeers } from '../cluster/peer-sync.js';
import { sendError } from '../http/reply/error-reply.js';

const DEPRECATION = 'POST /recache is deprecated; use POST /$recache';

/** POST /$recache, deprecated POST /recache, and GET /recache (always 405). */
export async function recacheRoutes(app: FastifyInstance): Promise<void> {
  app.post(recacheRoute.url, async (_request, reply) => recache(app, reply, false));
  app.post(deprecatedRecacheRoute.url, async (request, reply) => {
    request.log.warn(DEPRECATION);
    reply.header('Warning', `299 - "${DEPRECATION}"`);
    return recache(app, reply, true);
  });
}

/** Registered even without mapping sources: GET /recache always answers 405 with guidance. */
export async function recacheGuidanceRoute(app: FastifyInstance): Promise<void> {
  app.get(guidance.url, async (_request, reply) => sendError(reply, 'METHOD_NOT_ALLOWED'));
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
    return sendError(reply, 'RECACHE_FAILED');
  }
}
