import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import { ChangeRelay } from './change-relay.js';
import { isPeerMessage } from './peer-messages.js';
import { answerMetricsRequests } from './cluster-metrics.js';

/** A worker that exits this soon after its previous replacement is restarted only after a pause. */
const RESTART_PAUSE_MS = 1_000;

/**
 * MAPX_WORKERS > 1: this process serves nothing itself. It forks the workers (each a complete service sharing the
 * listening socket), relays mapping changes between them, replaces a worker that dies, and stops them all on
 * SIGTERM/SIGINT. A worker that fails before it ever listened means the configuration cannot start: all stop, exit 1.
 */
export function runPrimary(config: AppConfig, logger: Logger): void {
  const listened = new Set<number>();
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const relay = new ChangeRelay(workers, logger);
  let stopping: { code: number } | undefined;
  let lastRestart = 0;
  const metricsRequest = config.server.metrics ? answerMetricsRequests() : () => false;

  const fork = (): void => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (metricsRequest(worker, message) || !isPeerMessage(message)) return;
      if (message.mapx === 'change-announced') relay.announced(worker, message);
      else if (message.mapx === 'change-applied') relay.applied(worker, message);
    });
  };

  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (listened.size === config.server.workers)
      logger.info({ workers: listened.size }, 'all workers listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    relay.left(worker);
    if (stopping) {
      if (code !== 0) stopping.code = 1;
      if (workers().length === 0) process.exit(stopping.code);
      return;
    }
    if (!listened.has(worker.id)) {
      logger.error({ worker: worker.id, code, signal }, 'a worker failed to start; stopping');
      return stopAll(1);
    }
    logger.warn({ worker: worker.id, code, signal }, 'a worker exited; starting a replacement');
    const pause = Date.now() - lastRestart < RESTART_PAUSE_MS ? RESTART_PAUSE_MS : 0;
    lastRestart = Date.now();
    setTimeout(fork, pause);
  });

  const stopAll = (code: number): void => {
    if (stopping) return process.exit(1);
    stopping = { code };
    for (const w of workers()) w.process.kill('SIGTERM');
    if (workers().length === 0) process.exit(code);
    setTimeout(() => {
      logger.error('workers did not stop in time; exiting');
      for (const w of workers()) w.process.kill('SIGKILL');
      process.exit(1);
    }, config.server.shutdownTimeoutMs + 2_000).unref();
  };
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));

  logger.info({ workers: config.server.workers }, 'starting workers');
  for (let i = 0; i < config.server.workers; i++) fork();
}
