import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type MappingStore,
  StoreError,
  parseMediaType,
  isValidMappingId,
  mappingIdProblem,
  MAPPING_ID_PATTERN,
} from '@mapx/plugin-api';
import { deleteMappingRoute, MAPPING_TEXT_TYPES, putMappingRoute } from '@mapx/api';
import { announceToPeers } from '../cluster/peer-sync.js';
import { sendError } from '../http/reply/error-reply.js';
import { sendEnterpriseMessage, sendMapxText } from '../http/reply/text-replies.js';
import { addCompileDiagnostics } from './compile-check.js';
import { decodeMappingText } from '../normalize/decode-mapping-text.js';

type WriteRequest = FastifyRequest<{ Params: { mappingId: string } }>;

const ACCEPTED: ReadonlySet<string> = new Set(MAPPING_TEXT_TYPES);

/** PUT and DELETE /Mapping/:mappingId (enterprise edition). */
export async function mappingWriteRoutes(app: FastifyInstance): Promise<void> {
  const config = { edition: 'enterprise', feature: 'mapping writes' } as const;
  app.put(putMappingRoute.url, { config }, (request: WriteRequest, reply) =>
    updateMapping(app, request, reply),
  );
  app.delete(deleteMappingRoute.url, { config }, (request: WriteRequest, reply) =>
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
    return sendError(reply, 'MAPPING_TEXT_TYPE_UNSUPPORTED', { params: { received: type.essence } });
  }
  const decoded = decodeMappingText(request.body, type?.params.charset);
  if (!decoded.ok) return sendError(reply, decoded.code, { params: decoded.params });
  const expression = decoded.text;
  if (expression.trim() === '') return sendError(reply, 'MAPPING_EXPRESSION_EMPTY');
  const store = writable(app);
  if (!store?.put) return writesDisabled(reply);
  try {
    const { created } = await store.put(mappingId, expression);
    app.mapx.mappings.applyWrite(mappingId, expression);
    await announceToPeers({ kind: 'write', id: mappingId, expression });
    await addCompileDiagnostics(app, reply, expression);
    return sendMapxText(reply, created ? 201 : 200, expression);
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
    if (!deleted) {
      const code = app.mapx.mappings.isBuiltInOnly(mappingId)
        ? 'MAPPING_BUILT_IN'
        : 'MAPPING_TO_DELETE_NOT_FOUND';
      return sendError(reply, code, { params: { mappingId } });
    }
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
  const params = { mappingId: id, pattern: MAPPING_ID_PATTERN.source, reserved };
  return sendError(reply, 'MAPPING_ID_INVALID', { params });
}

function writesDisabled(reply: FastifyReply): FastifyReply {
  return sendError(reply, 'MAPPING_WRITES_DISABLED');
}

function storeFailure(app: FastifyInstance, reply: FastifyReply, err: unknown, what: string): FastifyReply {
  if (err instanceof StoreError && (err.code === 'STORE_CONFLICT' || err.code === 'STORE_READ_ONLY')) {
    return sendError(reply, 'MAPPING_WRITE_CONFLICT', { params: { what, detail: err.message } });
  }
  app.log.error({ err }, `store failure while ${what}`);
  return sendError(reply, 'MAPPING_STORE_FAILED', { params: { what } });
}
