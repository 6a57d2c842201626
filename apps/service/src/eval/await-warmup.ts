import { WARMUP_FHIR, WARMUP_MAPPINGS, type MapxServices } from '../services.js';
import type { EvaluationReply } from './run-evaluation.js';

/**
 * Evaluations wait (bounded) for the FHIR context and the mapping sources, so a request during warm-up gets the
 * right answer late rather than a wrong one early. A failed task does not block: FLASH then reports why.
 */
export async function awaitWarmup(services: MapxServices): Promise<EvaluationReply | undefined> {
  const { warmup, config } = services;
  const tasks = (services.mappings.configured ? [WARMUP_FHIR, WARMUP_MAPPINGS] : [WARMUP_FHIR]).filter(
    (t) => !warmup.settled(t),
  );
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
