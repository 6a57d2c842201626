import type { FastifyInstance } from 'fastify';
import { renderApiDocsHtml } from '../openapi/render-html.js';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'";

/** GET /api-docs/openapi.json and GET /api-docs (rendered once; the document does not change at run time). */
export function openApiRoutes(document: Record<string, unknown>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const json = JSON.stringify(document);
    const html = renderApiDocsHtml(document);
    app.get('/api-docs/openapi.json', async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(json),
    );
    app.get('/api-docs', async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('Content-Security-Policy', CSP).send(html),
    );
  };
}
