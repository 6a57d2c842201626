import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type MappingStore,
  StoreError,
  parseMediaType,
  isValidMappingId,
  mappingIdProblem,
  MAPPING_ID_PATTERN,
} from '@mapx/plugin-api';
import { announceToPeers } from '../cluster/peer-sync.js';
import { sendEnterpriseMessage } from '../http/enterprise-message.js';
import { addCompileDiagnostics } from './compile-check.js';
import { decodeMappingText } from '../normalize/decode-mapping-text.js';

import { MAPX_MEDIA_TYPE } from './mapping-read-routes.js';

type WriteRequest = FastifyRequest<{ Params: { mappingId: string } }>;

const ACCEPTED = new Set(['application/vnd.vendor.mapx', 'text/plain']);

/** PUT and DELETE /Mapping/:mappingId (enterprise edition). */
export async function mappingWriteRoutes(app: FastifyInstance): Promise<void> {
  const config = { edition: 'enterprise', feature: 'mapping writes' } as const;
  app.put('/Mapping/:mappingId', { config }, (request: WriteRequest, reply) =>
    updateMapping(app, request, reply),
  );
  app.delete('/Mapping/:mappingId', { config }, (request: WriteRequest, reply) =>
    deleteMapping(app, request, reply),
  );
}

export async function updateMapping(
  app: FastifyInstance,
  request: WriteRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { mappingId } = request.params;
  if (!isValidMappingId(mappingId)) return invalidId(reply, mappingId);
  const type = parseMediaType(request.headers['content-type']);
  if (type && !ACCEPTED.has(type.essence)) {
    return sendEnterpriseMessage(
      reply,
      415,
      `Content-Type must be application/vnd.vendor.mapx or text/plain, got '${type.essence}'`,
    );
  }
  const decoded = decodeMappingText(request.body, type?.params.charset);
  if (!decoded.ok) return sendEnterpriseMessage(reply, decoded.status, decoded.message);
  const expression = decoded.text;
  if (expression.trim() === '') return sendEnterpriseMessage(reply, 400, 'The mapping expression is empty');
  const store = writable(app);
  if (!store?.put) return writesDisabled(reply);
  try {
    const { created } = await store.put(mappingId, expression);
    app.mapx.mappings.applyWrite(mappingId, expression);
    await announceToPeers({ kind: 'write', id: mappingId, expression });
    await addCompileDiagnostics(app, reply, expression);
    return reply
      .code(created ? 201 : 200)
      .type(MAPX_MEDIA_TYPE)
      .send(expression);
  } catch (err) {
    return storeFailure(app, reply, err, `saving mapping '${mappingId}'`);
  }
}

async function deleteMapping(
  app: FastifyInstance,
  request: WriteRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { mappingId } = request.params;
  if (!isValidMappingId(mappingId)) return invalidId(reply, mappingId);
  const store = writable(app);
  if (!store?.delete) return writesDisabled(reply);
  try {
    const deleted = await store.delete(mappingId);
    if (!deleted) return sendEnterpriseMessage(reply, 404, `Mapping '${mappingId}' could not be found`);
    app.mapx.mappings.applyWrite(mappingId, undefined);
    await announceToPeers({ kind: 'write', id: mappingId, expression: null });
    return sendEnterpriseMessage(reply, 200, `Mapping '${mappingId}' was deleted`);
  } catch (err) {
    return storeFailure(app, reply, err, `deleting mapping '${mappingId}'`);
  }
}

/** The primary writable store, when writes are enabled and it can write. */
function writable(app: FastifyInstance): MappingStore | undefined {
  const store = app.mapx.writableStore;
  return app.mapx.config.mappings.writeEnabled && store?.capabilities.write ? store : undefined;
}

function invalidId(reply: FastifyReply, id: string): FastifyReply {
  const reserved = MAPPING_ID_PATTERN.test(id) ? `: ${mappingIdProblem(id)}` : '';
  return sendEnterpriseMessage(
    reply,
    400,
    `Invalid mapping id '${id}': it must match ${MAPPING_ID_PATTERN.source}${reserved}`,
  );
}

function writesDisabled(reply: FastifyReply): FastifyReply {
  return sendEnterpriseMessage(
    reply,
    409,
    'Mapping writes are disabled or no writable mapping store is configured',
  );
}

function storeFailure(app: FastifyInstance, reply: FastifyReply, err: unknown, what: string): FastifyReply {
  if (err instanceof StoreError && (err.code === 'STORE_CONFLICT' || err.code === 'STORE_READ_ONLY')) {
    return sendEnterpriseMessage(reply, 409, `Conflict while ${what}: ${err.message}`);
  }
  app.log.error({ err }, `store failure while ${what}`);
  return sendEnterpriseMessage(reply, 500, `Internal error while ${what}`);
}
