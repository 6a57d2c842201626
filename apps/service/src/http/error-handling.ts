import type { FastifyError, FastifyInstance } from 'fastify';
import { InvalidJsonBody, JSON_TYPES } from './json-parsers.js';
import { unsupportedMessage } from './input-failure.js';

/**
 * One place that turns failures into replies: body too large → 413, malformed JSON → 400 with the parse
 * position, anything unexpected → 500 without internals. Unknown routes → 404 {message, code}.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' }),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send({
        message: `Request body is larger than the limit of ${app.mapx.config.server.bodyLimit} bytes`,
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({
        message: unsupportedMessage(request.headers['content-type'] ?? '', JSON_TYPES),
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    if (error instanceof InvalidJsonBody) {
      return reply.code(400).send({ message: error.message, code: error.code, ...error.location });
    }
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      return reply
        .code(error.statusCode ?? 400)
        .send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
  });
}
