import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mapNdjsonLines } from '../eval/map-ndjson-lines.js';
import type { EvaluationReply } from '../eval/run-evaluation.js';
import { sendEvaluation } from '../http/reply/send-evaluation.js';

/** NDJSON bodies: one input per line, mapped line by line, answered as an NDJSON stream (docs/bulk.md). */
export const NDJSON_TYPES = ['application/x-ndjson', 'application/fhir+ndjson'];

/** Leaves an NDJSON body unread (a stream) in this scope: it is consumed line by line, never buffered whole. */
export function installNdjsonParser(app: FastifyInstance): void {
  app.addContentTypeParser(NDJSON_TYPES, (_req, payload, done) => done(null, payload));
}

export function isNdjsonBody(body: unknown): body is Readable {
  return body instanceof Readable;
}

/**
 * POST /Mapping/{id} with an NDJSON body. An unknown or empty mapping gets the answer a single input gets
 * (`fallback`); otherwise 200 and one output line per input line, in order.
 */
export async function sendNdjson(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { mappingId: string } }>,
  reply: FastifyReply,
  fallback: () => Promise<EvaluationReply>,
): Promise<FastifyReply> {
  const body = request.body as Readable;
  const source = app.mapx.mappings.current().mappings.get(request.params.mappingId);
  if (source === undefined || source.trim() === '') {
    body.resume();
    return sendEvaluation(reply, await fallback());
  }
  const lines = mapNdjsonLines(app.mapx, { source, body, maxLineBytes: app.mapx.config.server.bodyLimit });
  const type = request.headers['content-type']?.split(';')[0]?.trim() ?? NDJSON_TYPES[0];
  return reply.code(200).type(`${type}; charset=utf-8`).send(Readable.from(lines));
}
