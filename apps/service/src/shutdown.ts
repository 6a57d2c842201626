import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Lifecycle } from './lifecycle/lifecycle.js';
import { isClusterWorker } from './cluster/worker-role.js';

export interface ShutdownOptions {
  /** Readiness says DRAINING for this long before the listener closes (time for a load balancer to notice). */
  readonly drainDelayMs: number;
  /** In-flight requests may finish within this time once the listener has closed; then exit 1. */
  readonly graceMs: number;
  readonly signals?: readonly NodeJS.Signals[];
}

/**
 * The signals that stop this process. In a cluster the primary turns SIGINT/SIGTERM into one SIGTERM per worker; a
 * terminal's Ctrl-C also reaches the workers directly, and that second signal must not force an exit.
 */
export function shutdownSignals(): NodeJS.Signals[] {
  return isClusterWorker() ? ['SIGTERM'] : ['SIGTERM', 'SIGINT'];
}

/**
 * Until the service is built a stop has nothing to drain or close: the process exits 0 at once, as a stopped
 * service does. Left to its default, SIGTERM would end the process by the signal, which a cluster's primary counts
 * as a failed worker (exit 1). Nothing written during start-up can be left torn: FHIR packages are extracted beside
 * the cache and renamed into place. A signal the process leaves to its cluster's primary is ignored here too.
 * Returns what removes these handlers, before `installShutdown` takes over.
 */
export function exitOnSignalWhileStarting(logger: Logger): () => void {
  const signals = shutdownSignals();
  const exit = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopped during start-up');
    logger.flush();
    process.exit(0);
  };
  const ignore = () => undefined;
  for (const signal of signals) process.on(signal, exit);
  if (!signals.includes('SIGINT')) process.on('SIGINT', ignore);
  return () => {
    for (const signal of signals) process.off(signal, exit);
    process.off('SIGINT', ignore);
  };
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
