import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import { EvalPool } from '../isolation/eval-pool.js';

/**
 * The evaluation pool, its threads started before the service builds its plugins and routes, so that they load
 * their modules meanwhile. A thread reads the FHIR packages only once `fhirLoaded` is handed the main thread's
 * load (warm-up), as when warm-up starts the pool itself.
 */
export interface PrestartedPool {
  readonly pool: EvalPool;
  /** Resolves once the first thread is ready, or rejects with why none could start. */
  readonly ready: Promise<void>;
  readonly fhirLoaded: (load: Promise<unknown>) => void;
}

/** Only with warm-up on: with it off the first evaluation starts the threads, and none may start before. */
export function prestartPool(config: AppConfig, logger: Logger): PrestartedPool | undefined {
  if (config.eval.isolation !== 'worker' || !config.warmup.enabled) return undefined;
  const pool = new EvalPool(config, logger.child({ component: 'eval-pool' }));
  let fhirLoaded!: (load: Promise<unknown>) => void;
  const loaded = new Promise<unknown>((resolve) => (fhirLoaded = resolve));
  return { pool, ready: pool.start(loaded), fhirLoaded };
}
