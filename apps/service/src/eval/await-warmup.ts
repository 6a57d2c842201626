import { WARMUP_FHIR, WARMUP_MAPPINGS, type MapxServices } from '../services.js';
import type { EvaluationReply } from './run-evaluation.js';

/**
 * Evaluations wait (bounded) for the FHIR context and the mapping sources, so a request during warm-up gets the
 * right answer late rather than a wrong one early. A failed task does not block: FLASH then reports why.
 */
export function awaitWarmup(services: MapxServices): Promise<EvaluationReply | undefined> {
  return awaitTasks(services, services.mappings.configured ? [WARMUP_FHIR, WARMUP_MAPPINGS] : [WARMUP_FHIR]);
}

/** Waits (bounded) for the given warm-up tasks; a 503 reply when they are still running after the wait limit. */
export async function awaitTasks(
  services: MapxServices,
  names: readonly string[],
): Promise<EvaluationReply | undefined> {
  const { warmup, config } = services;
  const tasks = names.filter((t) => !warmup.settled(t));
  if (tasks.length === 0) return undefined;
  try {
    await Promise.all(tasks.map((t) => warmup.needWithin(t, config.warmup.waitMs).catch(rethrowTimeout)));
    return undefined;
  } catch (err) {
    return { status: 503, body: { message: (err as Error).message, code: 'WARMING_UP' } };
  }
}

function rethrowTimeout(err: unknown): void {
  if ((err as { code?: string }).code === 'WARMUP_TIMEOUT') throw err;
}
