import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './reply/error-reply.js';

/**
 * RFC 9112 §3.2 origin-form: absolute-path [ "?" query ], built from RFC 3986 pchar. Anything else (a `#`,
 * a space or control character, a raw non-ASCII byte, a stray `%`) is refused before any hook can read it, so
 * the policy and the router never see two different paths for one request.
 */
const ORIGIN_FORM =
  /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;

/** A `.` or `..` segment, literal or percent-encoded: clients remove them (RFC 3986 §5.2.4); a target keeping
 * them means something else in front of us may resolve it to another route. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|\?|$)/i;

/**
 * The path the router matches: find-my-way ends the path at the first `?` (`#` is refused above and `;` is not a
 * delimiter: `useSemicolonDelimiter` stays false). The auth policy reads the same slice.
 */
export function requestPath(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Why the request target is refused, or undefined when it is a valid origin-form target. */
export function requestTargetProblem(url: string): string | undefined {
  if (url === '*') return undefined; // asterisk-form of OPTIONS
  if (!ORIGIN_FORM.test(url)) {
    return 'the request target must be an absolute path with an optional query of valid URI characters (RFC 9112 §3.2); fragments (#), spaces and control characters are not allowed';
  }
  if (DOT_SEGMENT.test(requestPath(url))) return 'the request path must not contain . or .. segments';
  return undefined;
}

function rejectInvalidTarget(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const problem = requestTargetProblem(request.raw.url ?? '');
  if (problem === undefined) return done();
  void sendError(reply, 'INVALID_REQUEST_TARGET', { params: { problem } });
}

/** Must be the first onRequest hook: it runs before CORS, auth and routing decisions. */
export function installRequestTargetCheck(app: FastifyInstance): void {
  app.addHook('onRequest', rejectInvalidTarget);
}
