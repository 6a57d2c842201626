import type { EvaluationReply } from '../eval/run-evaluation.js';

const CODE = /"code":"([A-Za-z][A-Za-z0-9_]{0,39})"/;
/** Error bodies are small; a huge one is not searched past this many characters. */
const SEARCHED = 4096;

export type Outcome = 'ok' | 'partial' | 'error';

export function outcomeOf(status: number): Outcome {
  if (status === 206) return 'partial';
  return status < 400 ? 'ok' : 'error';
}

/**
 * The error code of a failed evaluation (legacy payload or verbose report: the first `code` in the body), or
 * `http-<status>` for a failure without one (415, 405). Runs only for failures, never on the success path.
 */
export function errorCodeOf(reply: EvaluationReply): string {
  const text = reply.json ?? safeStringify(reply.body);
  const match = text === undefined ? null : CODE.exec(text.slice(0, SEARCHED));
  return match?.[1] ?? `http-${reply.status}`;
}

function safeStringify(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}
