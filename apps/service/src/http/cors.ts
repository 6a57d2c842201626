import type { FastifyInstance } from 'fastify';

/**
 * Any origin may call the API (as the reference server allows): it uses bearer tokens, never cookies, so a
 * wildcard origin grants nothing a direct request could not do. The token-mediator endpoints of the auth layer
 * apply their own origin allow-list and answer their own preflights.
 */
/** What a cross-origin client (the desktop designer) reads: compile results of a save, which version a read is. */
const EXPOSED =
  'Warning, WWW-Authenticate, Content-Type, x-mapx-compile, x-mapx-diagnostics, x-mapx-version-id, x-mapx-saved-at';

export function installCors(app: FastifyInstance): void {
  // callback style: an async hook cost a promise and a microtask on every request. Names in lower case, as
  // Fastify stores and sends them: it then has no new string to make for each header of each request.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/auth/')) return done();
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      reply.header('Access-Control-Max-Age', '600');
      reply.code(204).send();
      return;
    }
    done();
  });
}
