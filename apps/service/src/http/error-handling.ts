import type { FastifyError, FastifyInstance } from 'fastify';
import { InvalidJsonBody, JSON_TYPES } from './json-parsers.js';
import { sendError } from './reply/error-reply.js';
import { requestPath } from './request-target.js';

/**
 * One place that turns failures into replies: body too large → 413, malformed JSON → 400 with the parse
 * position, anything unexpected → 500 without internals. Unknown routes → 404 {message, code}.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'NOT_FOUND', {
      params: { what: `Route ${request.method} ${requestPath(request.url)}` },
    }),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return sendError(reply, 'PAYLOAD_TOO_LARGE', { params: { limit: app.mapx.config.server.bodyLimit } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const received = request.headers['content-type'] ?? '';
      return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', {
        params: { received, accepted: JSON_TYPES.join(', ') },
      });
    }
    if (error instanceof InvalidJsonBody) {
      return sendError(reply, 'INVALID_JSON', { params: { detail: error.detail }, details: error.location });
    }
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      return sendError(reply, 'BAD_REQUEST', {
        params: { detail: error.message },
        status: error.statusCode ?? 400,
        wireCode: error.code ?? 'BAD_REQUEST',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR');
  });
}
