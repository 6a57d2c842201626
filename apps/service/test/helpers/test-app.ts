import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/logger.js';
import { createRuntime } from '../../src/runtime.js';
import { buildApp } from '../../src/app.js';

/** One FHIR package cache for the whole test run, so R4 core is extracted once. */
export const TEST_FHIR_CACHE = join(tmpdir(), 'mapx-test-fhir-cache');

export interface TestApp {
  readonly app: FastifyInstance;
  readonly logs: string[];
  close(): Promise<void>;
}

/** A real service built from an environment, with logs captured in memory. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const result = loadConfig({
    FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE,
    LOG_LEVEL: 'info',
    // The built-in standard mappings are on by default; a test that is about them turns them on itself, so every
    // other test sees only the sources it configures.
    MAPX_STANDARD_MAPPINGS: 'off',
    // `MAPX_EVAL_ISOLATION=off npx vitest run apps/service` runs the service's tests with in-process evaluation
    ...(process.env.MAPX_EVAL_ISOLATION ? { MAPX_EVAL_ISOLATION: process.env.MAPX_EVAL_ISOLATION } : {}),
    ...env,
  });
  if (!result.ok) throw new Error(result.message);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger(result.config.logLevel, sink);
  const runtime = await createRuntime(result.config, logger);
  const app = await buildApp(result.config, runtime, { logger });
  await app.ready();
  return { app, logs, close: () => app.close() };
}

/** Waits for warm-up to settle (success or failure). */
export async function warmedUp(app: FastifyInstance): Promise<void> {
  await app.mapx.warmup.start();
}
