import { WARMUP_EVAL_POOL, WARMUP_FHIR, WARMUP_MAPPINGS, type MapxServices } from '../services.js';
import type { EvaluationFailure } from '../eval/outcome.js';
import { serviceFailure } from '../eval/failures.js';

/** Indexed by (mapping sources configured ? 1 : 0) + (evaluation worker pool ? 2 : 0). */
const TASKS: readonly (readonly string[])[] = [
  [WARMUP_FHIR],
  [WARMUP_FHIR, WARMUP_MAPPINGS],
  [WARMUP_FHIR, WARMUP_EVAL_POOL],
  [WARMUP_FHIR, WARMUP_MAPPINGS, WARMUP_EVAL_POOL],
];

/**
 * Evaluations wait (bounded) for the FHIR context and the mapping sources, so a request during warm-up gets the
 * right answer late rather than a wrong one early. A failed task does not block: FLASH then reports why.
 * `undefined` (not a promise) once everything has settled: the hot path then costs no promise and no tick.
 */
export function awaitWarmup(services: MapxServices): undefined | Promise<EvaluationFailure | undefined> {
  const index = (services.mappings.configured ? 1 : 0) + (services.evalPool ? 2 : 0);
  return awaitTasks(services, TASKS[index] as readonly string[]);
}

/** Waits (bounded) for the given warm-up tasks; a WARMING_UP failure when they still run after the wait limit. */
export function awaitTasks(
  services: MapxServices,
  names: readonly string[],
): undefined | Promise<EvaluationFailure | undefined> {
  const { warmup } = services;
  for (const name of names) if (!warmup.settled(name)) return waitFor(services, names);
  return undefined;
}

async function waitFor(
  services: MapxServices,
  names: readonly string[],
): Promise<EvaluationFailure | undefined> {
  const { warmup, config } = services;
  const tasks = names.filter((t) => !warmup.settled(t));
  try {
    await Promise.all(tasks.map((t) => warmup.needWithin(t, config.warmup.waitMs).catch(rethrowTimeout)));
    return undefined;
  } catch (err) {
    return serviceFailure('busy', 'WARMING_UP', { params: { detail: (err as Error).message } });
  }
}

function rethrowTimeout(err: unknown): void {
  if ((err as { code?: string }).code === 'WARMUP_TIMEOUT') throw err;
}
