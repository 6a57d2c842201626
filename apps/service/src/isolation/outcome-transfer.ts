import type { Carried, EvaluationOutcome } from '../eval/outcome.js';

/**
 * The outcome as it leaves an evaluation worker thread: a result or report that HTTP sends as is goes as JSON text
 * (a string costs next to nothing to copy; the value would be cloned, then serialised on main), one that an
 * adapter reads (`resultAs: 'value'`) as the value. Throws what JSON.stringify throws (a cycle, a BigInt).
 */
export function forTransfer(outcome: EvaluationOutcome, as: 'json' | 'value'): EvaluationOutcome {
  if (as === 'value') return outcome;
  if (outcome.ok) {
    if (!outcome.result && !outcome.report) return outcome;
    return {
      ...outcome,
      ...(outcome.result ? { result: asJson(outcome.result) } : {}),
      ...(outcome.report ? { report: asJson(outcome.report) } : {}),
    };
  }
  const { detail } = outcome;
  if (detail.kind !== 'evaluation' || !detail.report) return outcome;
  return { ...outcome, detail: { ...detail, report: asJson(detail.report) } };
}

/** A body JSON cannot express (a lone function) is '': sent with the JSON type and no text, as before. */
function asJson(carried: Carried): Carried {
  return 'json' in carried ? carried : { json: (JSON.stringify(carried.value) as string | undefined) ?? '' };
}
