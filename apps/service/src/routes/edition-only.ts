import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { sendError } from '../http/reply/error-reply.js';

/**
 * A route's edition, declared where it is registered (`config.edition`). `enterprise` routes answer the edition
 * message in the base edition; `enterpriseWhen` marks a route of both editions whose request is enterprise-only
 * in some shapes (PUT /Mapping/:id/ with no segment after the id is a mapping write).
 */
export interface EditionConfig {
  readonly edition?: 'enterprise';
  readonly enterpriseWhen?: (request: FastifyRequest) => boolean;
  /** What the edition message names, e.g. "mapping writes". */
  readonly feature?: string;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends EditionConfig {}
}

function editionMessage(reply: FastifyReply, request: FastifyRequest, feature: string): FastifyReply {
  const url = request.routeOptions.url ?? request.url;
  return sendError(reply, 'EDITION_FEATURE_UNAVAILABLE', {
    params: { feature, method: request.method, url },
  });
}

/**
 * The one edition gate: applied as routes are registered, so no handler has to remember it. Install before any
 * route is registered (onRoute hooks see only later routes).
 */
export function installEditionGate(app: FastifyInstance, edition: 'base' | 'enterprise'): void {
  if (edition === 'enterprise') return;
  app.addHook('onRoute', (route) => {
    const config: EditionConfig = route.config ?? {};
    const feature = config.feature ?? 'these endpoints';
    if (config.edition === 'enterprise') {
      route.handler = async (request, reply) => editionMessage(reply, request, feature);
      return;
    }
    const when = config.enterpriseWhen;
    if (when === undefined) return;
    const gate = async (request: FastifyRequest, reply: FastifyReply) => {
      if (when(request)) return editionMessage(reply, request, feature);
    };
    route.preHandler = [gate, ...[route.preHandler ?? []].flat()];
  });
}

/** Placeholder routes for enterprise areas that have no base implementation at all (the gate answers them). */
export function editionOnly(methods: HTTPMethods[], url: string, feature: string) {
  // an area `/x/*` also answers at `/x` and `/x/`, as the enterprise routes there do
  const urls = url.endsWith('/*') ? [url, url.slice(0, -2)] : [url];
  return async function editionArea(app: FastifyInstance): Promise<void> {
    for (const u of urls) {
      app.route({
        method: methods,
        url: u,
        config: { edition: 'enterprise', feature },
        handler: async (_request, reply) => reply.code(500).send(),
      });
    }
  };
}
