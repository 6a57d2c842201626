import { loadConfig } from './config/load-config.js';
import { createLogger } from './logger.js';
import { createRuntime } from './runtime.js';
import { buildApp } from './app.js';
import { installShutdown } from './shutdown.js';

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
    const runtime = await createRuntime(config, logger);
    const app = await buildApp(config, runtime, { logger });
    installShutdown(app, config.server.shutdownTimeoutMs);
    await app.listen({ port: config.server.port, host: config.server.host });
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
