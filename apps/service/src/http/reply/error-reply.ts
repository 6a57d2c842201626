import type { FastifyReply } from 'fastify';
import { errorReply, JSON_CONTENT_TYPE, type ErrorOptions, type ServiceErrorCode } from '@mapx/api';

/**
 * Sends the error answer of a catalogue code (`SERVICE_ERRORS` in `@mapx/api`): its status and its body in the
 * code's wire shape. The one way a route or hook answers an error.
 */
export function sendError(reply: FastifyReply, code: ServiceErrorCode, options?: ErrorOptions): FastifyReply {
  const { status, body } = errorReply(code, options);
  return reply.code(status).type(JSON_CONTENT_TYPE).send(body);
}
