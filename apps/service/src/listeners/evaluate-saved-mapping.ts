import type { ListenerEvaluation, ListenerInput } from '@mapx/plugin-api';
import type { MapxServices } from '../services.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import { savedMappingSource } from '../evaluation/saved-mapping.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { isBlank } from '../normalize/is-blank.js';
import { listenerEvaluation } from './listener-evaluation.js';

/**
 * A saved mapping run on a listener's input: the lookup and evaluation `POST /Mapping/{id}` does (same
 * normalisers, same evaluation workers), answered as a coded result instead of an HTTP reply.
 */
export async function evaluateSavedMapping(
  services: MapxServices,
  mappingId: string,
  input: ListenerInput,
): Promise<ListenerEvaluation> {
  const outcome = await outcomeFor(services, mappingId, input);
  if (services.metrics) record(services, mappingId, outcome);
  return listenerEvaluation(outcome);
}

async function outcomeFor(
  services: MapxServices,
  mappingId: string,
  input: ListenerInput,
): Promise<EvaluationOutcome> {
  const source = savedMappingSource(services.mappings.current(), mappingId);
  if (typeof source !== 'string') return source;
  const rawInput = isBlank(input.bytes) ? undefined : { contentType: input.contentType, bytes: input.bytes };
  // `return await`: an async function that returns a promise adopts it two microtask ticks later
  return await runEvaluation(services, {
    source,
    input: null,
    ...(rawInput ? { rawInput } : {}),
    verbose: false,
    lowerCollect: false,
    resultAs: 'value',
  });
}

/** The same evaluation figures an HTTP evaluation leaves (only ids of saved mappings label them). */
function record(services: MapxServices, mappingId: string, outcome: EvaluationOutcome): void {
  const metrics = services.metrics;
  if (!metrics || !services.mappings.current().mappings.has(mappingId)) return;
  metrics.evaluated(mappingId, outcome.ok ? 'ok' : 'error');
  if (!outcome.ok) metrics.evaluationErrors.inc({ mapping: mappingId, code: outcome.code });
}
