import type { FastifyReply } from 'fastify';

/** The interface spec's "Enterprise message": an object with exactly one property, `message`. */
export function sendEnterpriseMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}
