import type { FastifyInstance } from 'fastify';
import { apiDocsAssetRoute, apiDocsRoute, JSON_CONTENT_TYPE, openApiJsonRoute } from '@mapx/api';
import { API_DOCS_CSP, API_DOCS_CSS, API_DOCS_SCRIPT, apiDocsPage } from '../openapi/api-docs-page.js';
import { swaggerUiAsset, swaggerUiVersion, type Asset } from '../openapi/swagger-ui-assets.js';
import { sendError } from '../http/reply/error-reply.js';
import type { OWN_API_DOCS_FILES } from '../openapi/api-docs-files.js';
import { zodRoutes } from '../http/zod-routes.js';

/** Asset URLs carry the Swagger UI version, so a cached copy is never stale. */
const ASSET_CACHE = 'public, max-age=86400';

const OWN_ASSETS: Readonly<Record<(typeof OWN_API_DOCS_FILES)[number], Asset>> = {
  'api-docs.js': { type: 'text/javascript; charset=utf-8', body: Buffer.from(API_DOCS_SCRIPT) },
  'api-docs.css': { type: 'text/css; charset=utf-8', body: Buffer.from(API_DOCS_CSS) },
};

/**
 * GET /api-docs/openapi.json, GET /api-docs (Swagger UI) and its files under /api-docs/{file}, each made once on
 * first request: the document does not change at run time, and building it (a JSON Schema of every contract) at
 * start-up delayed listening.
 */
export function openApiRoutes(buildDocument: () => Record<string, unknown>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    let document: Record<string, unknown> | undefined;
    let json: string | undefined;
    let html: string | undefined;
    app.get(openApiJsonRoute.url, async (_req, reply) =>
      reply.type(JSON_CONTENT_TYPE).send((json ??= JSON.stringify((document ??= buildDocument())))),
    );
    app.get(apiDocsRoute.url, async (_req, reply) => {
      const info = (document ??= buildDocument()).info as { title: string; version: string };
      html ??= apiDocsPage(`${info.title} ${info.version}`, swaggerUiVersion());
      return securePage(reply)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
    });
    zodRoutes(app).get(
      apiDocsAssetRoute.url,
      { schema: { params: apiDocsAssetRoute.params } },
      async (request, reply) => {
        const { file } = request.params;
        const asset = Object.hasOwn(OWN_ASSETS, file)
          ? OWN_ASSETS[file as keyof typeof OWN_ASSETS]
          : swaggerUiAsset(file);
        if (!asset)
          return sendError(reply, 'NOT_FOUND', { params: { what: `File /api-docs/${file.slice(0, 80)}` } });
        return securePage(reply).type(asset.type).header('cache-control', ASSET_CACHE).send(asset.body);
      },
    );
  };
}

function securePage<R extends { header(name: string, value: string): R }>(reply: R): R {
  return reply
    .header('content-security-policy', API_DOCS_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
}
