import type { FastifyReply } from 'fastify';
import { JSON_CONTENT_TYPE as JSON_TYPE } from '@mapx/api';
import type { EvaluationOutcome } from '../../eval/outcome.js';
import { evaluationAnswer } from './evaluation-answer.js';

/**
 * Sends an evaluation outcome: JSON body (already serialised by an evaluation worker, or serialised here), or an
 * empty 200 body for an undefined result. The outcome stays on the reply for the metrics hook.
 */
export function sendEvaluation(
  reply: FastifyReply,
  outcome: EvaluationOutcome,
  verbose: boolean,
): FastifyReply {
  const answer = evaluationAnswer(outcome, verbose);
  reply.code(answer.status);
  reply.mapxEvaluation = outcome;
  if (answer.warnings?.length) reply.header('warning', answer.warnings);
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (answer.json !== undefined) return reply.type(JSON_TYPE).send(answer.json);
  if (answer.body === undefined) return reply.send();
  return reply.type(JSON_TYPE).send(JSON.stringify(answer.body));
}
