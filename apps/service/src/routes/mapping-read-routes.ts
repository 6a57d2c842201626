import type { FastifyInstance } from 'fastify';
import { notServedAnswer } from '../mappings/not-served.js';

export const MAPX_MEDIA_TYPE = 'application/vnd.vendor.mapx; charset=utf-8';

/** GET /Mapping (ids) and GET /Mapping/:mappingId (the stored expression). */
export async function mappingReadRoutes(app: FastifyInstance): Promise<void> {
  app.get('/Mapping', async () => [...app.mapx.mappings.current().mappings.keys()].sort());

  app.get<{ Params: { mappingId: string } }>('/Mapping/:mappingId', async (request, reply) => {
    const { mappingId } = request.params;
    const view = app.mapx.mappings.current();
    const expression = view.mappings.get(mappingId);
    if (expression === undefined) {
      const invalid = notServedAnswer(view, mappingId);
      if (invalid) return reply.code(404).send(invalid);
      return reply
        .code(404)
        .send({ message: `Mapping '${mappingId}' could not be found`, code: 'MAPPING_NOT_FOUND' });
    }
    return reply.type(MAPX_MEDIA_TYPE).send(expression);
  });
}
