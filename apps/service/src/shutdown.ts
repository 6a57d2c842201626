import type { FastifyInstance } from 'fastify';

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close plugins, exit 0. A second
 * signal or the timeout forces exit 1.
 */
export function installShutdown(
  app: FastifyInstance,
  timeoutMs: number,
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, stop);
  // A signal this process leaves to its cluster's primary is ignored rather than fatal.
  if (!signals.includes('SIGINT')) process.on('SIGINT', () => undefined);
}
