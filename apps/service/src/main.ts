import cluster from 'node:cluster';
import { enableCompileCache, flushCompileCache } from './compile-cache.js';
import { importServe } from './serve-module.js';

// First, so that every module loaded below is compiled with the cache (Node 22.1+).
enableCompileCache();
const { loadConfig } = await import('./config/load-config.js');
const { createLogger } = await import('./logger.js');

/** Reads the environment, validates it once, and serves. Exits 1 with a clear message on bad configuration. */
async function main(): Promise<void> {
  const result = loadConfig(process.env);
  if (!result.ok) {
    process.stderr.write(`mapx: ${result.message}\n`);
    process.exit(1);
  }
  const { config } = result;
  const logger = createLogger(config.logLevel);
  try {
    if (config.server.workers > 1 && cluster.isPrimary) {
      const { runPrimary } = await import('./cluster/primary.js');
      return runPrimary(config, logger);
    }
    // before the serve module loads: a stop from here on exits 0, as a stopped service does
    const { listenForStop } = await import('./shutdown.js');
    const onStop = listenForStop(logger);
    const { serve } = await importServe();
    await serve(config, logger, onStop);
    flushCompileCache();
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? ` (cause: ${err.cause.message})` : '';
    process.stderr.write(
      `mapx: start-up failed: ${err instanceof Error ? err.message : String(err)}${cause}\n`,
    );
    logger.flush();
    process.exit(1);
  }
}

void main();
