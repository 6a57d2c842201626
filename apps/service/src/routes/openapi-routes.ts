import type { FastifyInstance } from 'fastify';
import { apiDocsRoute, JSON_CONTENT_TYPE, openApiJsonRoute } from '@mapx/api';
import { renderApiDocsHtml } from '../openapi/render-html.js';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'";

/**
 * GET /api-docs/openapi.json and GET /api-docs, each rendered once on first request (the document does not
 * change at run time; rendering at start-up delayed listening).
 */
export function openApiRoutes(document: Record<string, unknown>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    let json: string | undefined;
    let html: string | undefined;
    app.get(openApiJsonRoute.url, async (_req, reply) =>
      reply.type(JSON_CONTENT_TYPE).send((json ??= JSON.stringify(document))),
    );
    app.get(apiDocsRoute.url, async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', CSP)
        .send((html ??= renderApiDocsHtml(document))),
    );
  };
}
