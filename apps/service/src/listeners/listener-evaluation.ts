import type { ListenerEvaluation } from '@mapx/plugin-api';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { evaluationStatus } from '../http/reply/evaluation-answer.js';

/**
 * An evaluation outcome as a listener sees it: the result (asked for as a value), or the failure's code, message
 * and the status `POST /Mapping/{id}` would have answered.
 */
export function listenerEvaluation(outcome: EvaluationOutcome): ListenerEvaluation {
  const warnings = outcome.warnings.map(({ code, message }) => ({ code, message }));
  if (outcome.ok) return { ok: true, result: resultValue(outcome), warnings };
  return {
    ok: false,
    status: evaluationStatus(outcome),
    code: outcome.code,
    message: outcome.message,
    inputRejected: outcome.class === 'input',
  };
}

function resultValue(outcome: EvaluationOutcome & { ok: true }): unknown {
  const result = outcome.result;
  if (result === undefined) return undefined;
  // a result evaluated for a listener crosses as a value (resultAs); text is never parsed here
  if ('value' in result) return result.value;
  throw new Error('a listener evaluation was asked for JSON text');
}
