import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.js';

/**
 * While draining, every response closes its connection: a keep-alive client (or a load balancer's upstream pool)
 * then opens its next connection elsewhere instead of reusing one to a process about to stop.
 */
export function installDrainHooks(app: FastifyInstance, lifecycle: Lifecycle): void {
  // the callback form: an async hook costs every response a promise and a turn of the microtask queue
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
