import type { FastifyReply } from 'fastify';
import type { EvaluationReply } from '../eval/run-evaluation.js';

/** Sends an evaluation outcome: JSON body, or an empty 200 body for an undefined result. */
export function sendEvaluation(reply: FastifyReply, outcome: EvaluationReply): FastifyReply {
  reply.code(outcome.status);
  if (outcome.warnings?.length) reply.header('warning', outcome.warnings);
  if (outcome.body === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(outcome.body));
}
