import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { awaitTasks } from '../evaluation/await-warmup.js';
import { evaluationAnswer } from './reply/evaluation-answer.js';

/** A preHandler hook: the route waits (bounded) for these warm-up tasks, or answers 503 WARMING_UP. */
export function waitForWarmup(app: FastifyInstance, tasks: readonly string[]) {
  // the callback form: once warm-up has settled, a request passes without a promise or a microtask turn
  return (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const pending = awaitTasks(app.mapx, tasks);
    if (!pending) return done();
    pending.then((waiting) => {
      if (!waiting) return done();
      const { status, body } = evaluationAnswer(waiting, false);
      void reply.code(status).send(body);
    }, done);
  };
}
