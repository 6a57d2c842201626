import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config.js';
import { createRuntime } from './runtime.js';
import { buildApp } from './app.js';
import { drainOnStop, type StopHandler } from './shutdown.js';
import { listenToPeers } from './cluster/peer-sync.js';
import { startListeners } from './listeners/start-listeners.js';
import { prestartPool } from './warmup/prestarted-pool.js';

/**
 * Builds the service and listens: the whole service in one process, or one worker of a cluster. `onStop` hands the
 * stop signals, which main.ts listens for before it loads this module (`listenForStop`), to the drain once the
 * service is built.
 */
export async function serve(
  config: AppConfig,
  rootLogger: Logger,
  onStop: (handler: StopHandler) => void,
): Promise<void> {
  const logger = cluster.worker ? rootLogger.child({ worker: cluster.worker.id }) : rootLogger;
  let built!: (app: FastifyInstance) => void;
  listenToPeers(new Promise<FastifyInstance>((resolve) => (built = resolve)));
  // the evaluation threads load their modules while this thread loads the plugins and builds the routes
  const evalPool = prestartPool(config, logger);
  // (a start that fails from here on ends the process, and its threads with it)
  const runtime = await createRuntime(config, logger);
  const app = await buildApp(config, runtime, { logger, ...(evalPool ? { evalPool } : {}) });
  built(app);
  onStop(
    drainOnStop(app, app.mapx.lifecycle, {
      drainDelayMs: config.server.drainDelayMs,
      graceMs: config.server.shutdownTimeoutMs,
    }),
  );
  await app.listen({ port: config.server.port, host: config.server.host });
  await startListeners(app);
}
