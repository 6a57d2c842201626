import type { FastifyReply } from 'fastify';
import { JSON_CONTENT_TYPE as JSON_TYPE } from '@mapx/api';
import type { EvaluationReply } from '../../eval/run-evaluation.js';

/**
 * Sends an evaluation outcome: JSON body (already serialised by an evaluation worker, or serialised here), or an
 * empty 200 body for an undefined result.
 */
export function sendEvaluation(reply: FastifyReply, outcome: EvaluationReply): FastifyReply {
  reply.code(outcome.status);
  reply.mapxEvaluation = outcome;
  if (outcome.warnings?.length) reply.header('warning', outcome.warnings);
  if (outcome.retryAfterSeconds !== undefined) reply.header('retry-after', String(outcome.retryAfterSeconds));
  if (outcome.json !== undefined) return reply.type(JSON_TYPE).send(outcome.json);
  if (outcome.body === undefined) return reply.send();
  return reply.type(JSON_TYPE).send(JSON.stringify(outcome.body));
}
