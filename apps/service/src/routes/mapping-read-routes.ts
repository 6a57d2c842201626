import type { FastifyInstance } from 'fastify';
import {
  errorReply,
  listMappingsRoute,
  listStandardMappingsRoute,
  readMappingRoute,
  readStandardMappingRoute,
} from '@mapx/api';
import { notServedAnswer } from '../mappings/not-served.js';
import { sendMapxText } from '../http/reply/text-replies.js';
import { zodRoutes } from '../http/zod-routes.js';

/** GET /Mapping (ids), GET /Mapping/:mappingId (the stored expression), and the standard mappings' own. */
export async function mappingReadRoutes(app: FastifyInstance): Promise<void> {
  const routes = zodRoutes(app);
  routes.get(listMappingsRoute.url, async () => [...app.mapx.mappings.current().mappings.keys()].sort());
  routes.get(listStandardMappingsRoute.url, async () => app.mapx.mappings.builtInMappings());

  routes.get(
    readStandardMappingRoute.url,
    { schema: { params: readStandardMappingRoute.params } },
    (request, reply) => {
      const { mappingId } = request.params;
      const text = app.mapx.mappings.builtInText(mappingId);
      if (text !== undefined) return sendMapxText(reply, 200, text);
      const { status, body } = errorReply('STANDARD_MAPPING_NOT_FOUND', { params: { mappingId } });
      return reply.code(status).send(body);
    },
  );

  const schema = { params: readMappingRoute.params };
  routes.get(readMappingRoute.url, { schema }, async (request, reply) => {
    const { mappingId } = request.params;
    const view = app.mapx.mappings.current();
    const expression = view.mappings.get(mappingId);
    if (expression === undefined) {
      const { status, body } = notServedAnswer(view, mappingId);
      return reply.code(status).send(body);
    }
    return sendMapxText(reply, 200, expression);
  });
}
