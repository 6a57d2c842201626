import type { FastifyInstance, FastifyReply } from 'fastify';
import * as api from '@mapx/api';
import {
  isValidMappingId,
  isValidMappingVersionId,
  MAPPING_ID_PATTERN,
  MAPPING_VERSION_ID_PATTERN,
  mappingIdProblem,
} from '@mapx/plugin-api';
import { sendError } from '../http/reply/error-reply.js';
import { sendMapxText } from '../http/reply/text-replies.js';
import { zodRoutes } from '../http/zod-routes.js';
import { historyStore, type HistoryStore } from './history-store.js';

/** GET /Mapping/{mappingId}/$history and /$history/{versionId} (docs/stores.md#history). */
export async function mappingHistoryRoutes(app: FastifyInstance): Promise<void> {
  const routes = zodRoutes(app);

  routes.get(
    api.mappingHistoryRoute.url,
    { schema: { params: api.mappingHistoryRoute.params } },
    async (request, reply) => {
      const { mappingId } = request.params;
      const store = guard(app, reply, mappingId);
      if (!store) return reply;
      try {
        const versions = await store.listVersions(mappingId);
        if (versions.length === 0) return sendError(reply, 'MAPPING_NOT_FOUND', { params: { mappingId } });
        return { mappingId, versions: [...versions] } satisfies api.MappingHistoryBody;
      } catch (err) {
        return failure(app, reply, err, `listing the versions of '${mappingId}'`);
      }
    },
  );

  routes.get(
    api.mappingVersionRoute.url,
    { schema: { params: api.mappingVersionRoute.params } },
    async (request, reply) => {
      const { mappingId, versionId } = request.params;
      const store = guard(app, reply, mappingId);
      if (!store) return reply;
      if (!isValidMappingVersionId(versionId)) {
        const params = { versionId: versionId.slice(0, 80), pattern: MAPPING_VERSION_ID_PATTERN.source };
        return sendError(reply, 'MAPPING_VERSION_ID_INVALID', { params });
      }
      try {
        const version = await store.getVersion(mappingId, versionId);
        if (!version)
          return sendError(reply, 'MAPPING_VERSION_NOT_FOUND', { params: { mappingId, versionId } });
        reply.header(api.VERSION_ID_HEADER, version.versionId);
        if (version.savedAt) reply.header(api.VERSION_SAVED_AT_HEADER, version.savedAt);
        return sendMapxText(reply, 200, version.expression);
      } catch (err) {
        return failure(app, reply, err, `reading version '${versionId}' of '${mappingId}'`);
      }
    },
  );
}

function guard(app: FastifyInstance, reply: FastifyReply, mappingId: string): HistoryStore | undefined {
  if (!isValidMappingId(mappingId)) {
    const reserved = MAPPING_ID_PATTERN.test(mappingId) ? `: ${mappingIdProblem(mappingId)}` : '';
    const params = { mappingId: mappingId.slice(0, 80), pattern: MAPPING_ID_PATTERN.source, reserved };
    sendError(reply, 'MAPPING_ID_INVALID', { params });
    return undefined;
  }
  const store = historyStore(app.mapx);
  if (!store) {
    const name = app.mapx.writableStore?.name ?? 'configured';
    sendError(reply, 'HISTORY_NOT_KEPT', { params: { store: name } });
  }
  return store;
}

function failure(app: FastifyInstance, reply: FastifyReply, err: unknown, what: string): FastifyReply {
  app.log.error({ err }, `store failure while ${what}`);
  return sendError(reply, 'HISTORY_STORE_FAILED', { params: { what } });
}
