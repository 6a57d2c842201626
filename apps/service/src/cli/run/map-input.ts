import type { MapxServices } from '../../services.js';
import { runEvaluation } from '../../evaluation/run-evaluation.js';
import type { EvaluationFailure } from '../../eval/outcome.js';
import { evaluationStatus } from '../../http/reply/evaluation-answer.js';
import { runIssue, type RunIssue } from './run-codes.js';
import type { RunInput } from './run-input.js';
import type { RunTarget } from './run-target.js';

export interface Outcome {
  /** The result JSON (undefined: the mapping returned nothing), absent when the input failed. */
  readonly json?: string;
  readonly issue?: RunIssue & { readonly status?: number };
  readonly warnings: readonly RunIssue[];
}

/**
 * Maps one input on the evaluation worker pool, as POST /Mapping/{id} does with a body (the bytes are normalised
 * in the worker), then delivers the result to a server target. Never rejects: every failure is an outcome.
 */
export function createMapper(services: MapxServices, source: string, target: RunTarget) {
  return async (input: RunInput): Promise<Outcome> => {
    if ('issue' in input) return { issue: input.issue, warnings: [] };
    let json: string | undefined;
    let warnings: RunIssue[] = [];
    try {
      const outcome = await runEvaluation(services, {
        source,
        input: null,
        rawInput: { contentType: input.contentType, bytes: input.bytes },
        verbose: false,
        lowerCollect: false,
      });
      warnings = outcome.warnings.map(({ code, message }) => ({ code, message }));
      if (!outcome.ok) return { issue: failureIssue(outcome), warnings };
      const result = outcome.result;
      // JSON text from a worker thread; a value where the evaluation ran on this thread
      json = result === undefined ? undefined : 'json' in result ? result.json : JSON.stringify(result.value);
      if (json === '') return { issue: runIssue('RUN_RESULT_NOT_JSON'), warnings };
    } catch (err) {
      return { issue: runIssue('RUN_EVALUATION_THREW', (err as Error).message), warnings };
    }
    if (json !== undefined && target.deliver) {
      try {
        await target.deliver(json);
      } catch (err) {
        return { issue: runIssue('RUN_POST_FAILED', (err as Error).message), warnings };
      }
    }
    return json === undefined ? { warnings } : { json, warnings };
  };
}

/** An evaluation's failure as the errors file reports it: its code, message and the status HTTP answers. */
export function failureIssue(failure: EvaluationFailure): RunIssue & { status: number } {
  return { code: failure.code, message: failure.message, status: evaluationStatus(failure) };
}
