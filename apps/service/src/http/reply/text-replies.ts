import type { FastifyReply } from 'fastify';
import { JSON_CONTENT_TYPE, MAPX_TEXT_CONTENT_TYPE } from '@mapx/api';

/** A mapping's text (GET, PUT /Mapping/{mappingId}) or a generated template: `application/vnd.vendor.mapx`. */
export function sendMapxText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type(MAPX_TEXT_CONTENT_TYPE).send(text);
}

/** A success "Enterprise message" (spec): an object with exactly one property, `message`. */
export function sendEnterpriseMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(JSON_CONTENT_TYPE).send({ message });
}
