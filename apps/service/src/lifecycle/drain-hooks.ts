import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.js';

/**
 * While draining, every response closes its connection: a keep-alive client (or a load balancer's upstream pool)
 * then opens its next connection elsewhere instead of reusing one to a process about to stop.
 */
export function installDrainHooks(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
}
