import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { awaitTasks } from '../evaluation/await-warmup.js';
import { evaluationAnswer } from './reply/evaluation-answer.js';

/** A preHandler hook: the route waits (bounded) for these warm-up tasks, or answers 503 WARMING_UP. */
export function waitForWarmup(app: FastifyInstance, tasks: readonly string[]) {
  return async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const waiting = await awaitTasks(app.mapx, tasks);
    if (!waiting) return undefined;
    const { status, body } = evaluationAnswer(waiting, false);
    return reply.code(status).send(body);
  };
}
