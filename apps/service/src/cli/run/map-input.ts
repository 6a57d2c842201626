import type { MapxServices } from '../../services.js';
import { runEvaluation } from '../../eval/run-evaluation.js';
import { warningIssue } from './warning-issue.js';
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
      const reply = await runEvaluation(services, {
        source,
        input: null,
        rawInput: { contentType: input.contentType, bytes: input.bytes },
        verbose: false,
        lowerCollect: false,
      });
      warnings = (reply.warnings ?? []).map(warningIssue);
      json = reply.json ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
      if (reply.status !== 200) return { issue: failureIssue(reply.status, json), warnings };
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

/** The code and message of an evaluation's error payload (legacy shape: `{ code, message, ... }`). */
function failureIssue(status: number, json: string | undefined): RunIssue & { status: number } {
  let body: unknown;
  try {
    body = json === undefined ? undefined : JSON.parse(json);
  } catch {
    body = undefined;
  }
  const field = (name: string) =>
    typeof body === 'object' && body !== null && Object.hasOwn(body, name)
      ? String((body as Record<string, unknown>)[name])
      : undefined;
  return { code: field('code') ?? `HTTP_${status}`, message: field('message') ?? json ?? '', status };
}
