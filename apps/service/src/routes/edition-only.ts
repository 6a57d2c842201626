import type { FastifyInstance, HTTPMethods } from 'fastify';

/** Answers routes of the enterprise edition when the service runs the base edition. */
export function editionOnly(methods: HTTPMethods[], url: string, feature: string) {
  return async function editionGate(app: FastifyInstance): Promise<void> {
    app.route({
      method: methods,
      url,
      handler: async (_request, reply) =>
        reply.code(404).send({
          message: `${feature} (${methods.join('/')} ${url}) are part of the mapx enterprise edition; this service runs the base edition (MAPX_EDITION=base)`,
          code: 'EDITION_FEATURE_UNAVAILABLE',
        }),
    });
  };
}
