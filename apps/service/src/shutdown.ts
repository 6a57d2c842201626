import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Lifecycle } from './lifecycle/lifecycle.js';
import { isClusterWorker } from './cluster/worker-role.js';

export interface ShutdownOptions {
  /** Readiness says DRAINING for this long before the listener closes (time for a load balancer to notice). */
  readonly drainDelayMs: number;
  /** In-flight requests may finish within this time once the listener has closed; then exit 1. */
  readonly graceMs: number;
}

export type StopHandler = (signal: NodeJS.Signals) => void;

/**
 * Listens for the signals that stop this process, from before the service is built (main.ts) to the end, and
 * returns what hands them to the drain once it is (`drainOnStop`). One listener throughout: removing one and adding
 * another would lose a signal that arrived between the two (Node stops the signal's handle when its last listener
 * goes, and a stopped handle's pending signal is dropped). In a cluster the primary turns SIGINT/SIGTERM into one
 * SIGTERM per worker; a terminal's Ctrl-C also reaches the workers directly, and that second signal is ignored
 * rather than fatal.
 *
 * Until the hand-over a stop has nothing to drain or close: the process exits 0 at once, as a stopped service does.
 * Left to its default, SIGTERM would end the process by the signal, which a cluster's primary counts as a failed
 * worker (exit 1). Nothing written during start-up can be left torn: FHIR packages are extracted beside the cache
 * and renamed into place.
 */
export function listenForStop(logger: Logger): (handler: StopHandler) => void {
  const signals: NodeJS.Signals[] = isClusterWorker() ? ['SIGTERM'] : ['SIGTERM', 'SIGINT'];
  let handler: StopHandler | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (handler) return handler(signal);
    logger.info({ signal }, 'stopped during start-up');
    logger.flush();
    process.exit(0);
  };
  for (const signal of signals) process.on(signal, onSignal);
  if (!signals.includes('SIGINT')) process.on('SIGINT', () => undefined);
  return (h) => {
    handler = h;
  };
}

/**
 * The stop of a built service: readiness turns to DRAINING, after the drain delay the server stops accepting
 * connections, in-flight requests finish, plugins close, exit 0. A second signal or the grace timeout forces exit 1.
 */
export function drainOnStop(
  app: FastifyInstance,
  lifecycle: Lifecycle,
  options: ShutdownOptions,
): StopHandler {
  let closing = false;
  return (signal) => {
    if (closing) process.exit(1);
    closing = true;
    lifecycle.startDraining();
    app.log.info({ signal, drainDelayMs: options.drainDelayMs }, 'draining: readiness reports DRAINING');
    const delay = setTimeout(() => close(app, options.graceMs), options.drainDelayMs);
    // An idle service drains immediately: nothing is waiting for the delay to pass.
    if (options.drainDelayMs === 0) delay.unref();
  };
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
