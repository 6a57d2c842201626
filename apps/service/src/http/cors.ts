import type { FastifyInstance } from 'fastify';

const READS = 'GET, POST, OPTIONS';
const READS_AND_WRITES = 'GET, POST, PUT, DELETE, OPTIONS';
/** What a cross-origin client (the desktop designer) reads: compile results of a save, which version a read is. */
const EXPOSED =
  'Warning, WWW-Authenticate, Content-Type, x-mapx-compile, x-mapx-diagnostics, x-mapx-version-id, x-mapx-saved-at';

/**
 * Which web pages may call the API (MAPX_CORS_ORIGINS: `*` by default, `none`, or a list of origins), and whether
 * their preflights allow PUT and DELETE. With tokens required, a page can do nothing its user's token does not
 * allow, so writes are open by default; without them any page the user visits could write mappings through the
 * user's browser, so preflights offer reads only unless MAPX_CORS_WRITES=true. The API uses bearer tokens, never
 * cookies. The token-mediator endpoints of the auth layer apply their own origin allow-list and answer their own
 * preflights.
 */

export function installCors(app: FastifyInstance): void {
  const { origins, writes } = app.mapx.config.server.cors;
  if (origins === 'none') return;
  const tokensRequired = app.mapx.plugins.auth?.mode === 'auth-required';
  const methods = (writes ?? tokensRequired) ? READS_AND_WRITES : READS;
  const listed = origins === '*' ? undefined : new Set(origins);
  // callback style: an async hook cost a promise and a microtask on every request. Names in lower case, as
  // Fastify stores and sends them: it then has no new string to make for each header of each request.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/auth/')) return done();
    const origin = request.headers.origin;
    if (listed) {
      reply.header('vary', 'Origin');
      if (origin === undefined || !listed.has(origin)) return done();
    }
    reply.header('access-control-allow-origin', listed ? origin! : '*');
    reply.header('access-control-expose-headers', EXPOSED);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', methods);
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      reply.header('Access-Control-Max-Age', '600');
      reply.code(204).send();
      return;
    }
    done();
  });
}
