import type { EvaluationOutcome } from '../eval/outcome.js';

export type Outcome = 'ok' | 'partial' | 'error';

/** `partial`: a verbose answer whose result came with errors (report status 206). */
export function outcomeOf(outcome: EvaluationOutcome): Outcome {
  if (outcome.ok) return 'ok';
  const { detail } = outcome;
  return detail.kind === 'evaluation' && detail.partial && detail.report ? 'partial' : 'error';
}
