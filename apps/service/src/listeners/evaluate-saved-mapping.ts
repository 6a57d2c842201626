import type { ListenerEvaluation, ListenerInput } from '@mapx/plugin-api';
import type { MapxServices } from '../services.js';
import { runEvaluation, type EvaluationReply } from '../eval/run-evaluation.js';
import { notServedAnswer } from '../mappings/not-served.js';
import { errorOutcome } from '../http/reply/error-reply.js';
import { isBlank } from '../normalize/is-blank.js';
import { errorCodeOf } from '../metrics/evaluation-outcome.js';
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
  const reply = await replyFor(services, mappingId, input);
  if (services.metrics) record(services, mappingId, reply);
  return listenerEvaluation(reply);
}

async function replyFor(
  services: MapxServices,
  mappingId: string,
  input: ListenerInput,
): Promise<EvaluationReply> {
  const view = services.mappings.current();
  const source = view.mappings.get(mappingId);
  if (source === undefined) return notServedAnswer(view, mappingId);
  if (source.trim() === '') return errorOutcome('EMPTY_MAPPING');
  const rawInput = isBlank(input.bytes) ? undefined : { contentType: input.contentType, bytes: input.bytes };
  // `return await`: an async function that returns a promise adopts it two microtask ticks later
  return await runEvaluation(services, {
    source,
    input: null,
    ...(rawInput ? { rawInput } : {}),
    verbose: false,
    lowerCollect: false,
  });
}

/** The same evaluation figures an HTTP evaluation leaves (only ids of saved mappings label them). */
function record(services: MapxServices, mappingId: string, reply: EvaluationReply): void {
  const metrics = services.metrics;
  if (!metrics || !services.mappings.current().mappings.has(mappingId)) return;
  const ok = reply.status < 400;
  metrics.evaluations.inc({ mapping: mappingId, outcome: ok ? 'ok' : 'error' });
  if (!ok) metrics.evaluationErrors.inc({ mapping: mappingId, code: errorCodeOf(reply) });
}
