import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle/lifecycle.js';

export interface ShutdownOptions {
  /** Readiness says DRAINING for this long before the listener closes (time for a load balancer to notice). */
  readonly drainDelayMs: number;
  /** In-flight requests may finish within this time once the listener has closed; then exit 1. */
  readonly graceMs: number;
  readonly signals?: readonly NodeJS.Signals[];
}

/**
 * SIGTERM/SIGINT: readiness turns to DRAINING, after the drain delay the server stops accepting connections,
 * in-flight requests finish, plugins close, exit 0. A second signal or the grace timeout forces exit 1.
 */
export function installShutdown(app: FastifyInstance, lifecycle: Lifecycle, options: ShutdownOptions): void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    lifecycle.startDraining();
    app.log.info({ signal, drainDelayMs: options.drainDelayMs }, 'draining: readiness reports DRAINING');
    const delay = setTimeout(() => close(app, options.graceMs), options.drainDelayMs);
    // An idle service drains immediately: nothing is waiting for the delay to pass.
    if (options.drainDelayMs === 0) delay.unref();
  };
  for (const signal of signals) process.on(signal, stop);
  // A signal this process leaves to its cluster's primary is ignored rather than fatal.
  if (!signals.includes('SIGINT')) process.on('SIGINT', () => undefined);
}

function close(app: FastifyInstance, graceMs: number): void {
  app.log.info('shutting down: no new connections, finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, graceMs);
  timer.unref();
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    },
  );
}
