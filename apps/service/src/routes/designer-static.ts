import type FastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { designerContentSecurityPolicy } from '@mapx/api';
import { requireCommonJs } from '../require-commonjs.js';
import { sendError } from '../http/reply/error-reply.js';
import { requestPath } from '../http/request-target.js';

export interface DesignerStaticOptions {
  /** Folder of the built renderer (`apps/designer/dist/renderer`). */
  readonly rootDir: string;
  /** Extra origins the page may connect to (the identity provider, when the designer logs in). */
  readonly connectOrigins?: () => readonly string[];
}

/** The designer page's policy (`@mapx/api`), connecting to this origin only. */
export const DESIGNER_CSP = designerCsp([]);

/** The page's policy, with `connect-src` widened to the given origins only. */
export function designerCsp(connectOrigins: readonly string[]): string {
  return designerContentSecurityPolicy({ connectOrigins, formAction: "'self'" });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite names built assets `name-<hash>.ext` under `assets/`: their content never changes under that name. */
function isHashedAsset(filePath: string): boolean {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(filePath);
}

function setHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  res.setHeader('cache-control', isHashedAsset(filePath) ? IMMUTABLE : 'no-cache');
}

/**
 * Serves the designer's static build under `/designer/` (and redirects `/designer` there). Missing files
 * answer the service's 404 JSON; `@fastify/static` (via `send`) refuses paths that leave `rootDir`.
 */
export async function designerStaticRoutes(
  app: FastifyInstance,
  options: DesignerStaticOptions,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('content-security-policy', designerCsp(options.connectOrigins?.() ?? []));
        reply.header('x-content-type-options', 'nosniff');
        reply.header('referrer-policy', 'no-referrer');
        return payload;
      });
      scope.setNotFoundHandler((request, reply) =>
        sendError(reply, 'NOT_FOUND', { params: { what: `File ${requestPath(request.url)}` } }),
      );
      // required here, on registration, not when the service's modules load (it brings glob, send, …)
      await scope.register(requireCommonJs('@fastify/static') as typeof FastifyStatic, {
        root: options.rootDir,
        prefix: '/',
        index: ['index.html'],
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders,
      });
      // `/designer` → `/designer/`, where relative asset URLs resolve. With the router's ignoreTrailingSlash
      // this route also receives `/designer/`, which then gets the page itself.
      scope.get('', (request, reply) => {
        if (!requestPath(request.url).endsWith('/')) return reply.redirect('designer/', 301);
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      });
    },
    { prefix: '/designer' },
  );
}
