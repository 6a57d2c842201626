import { createError, toLegacyErrorPayload } from '@mapx/engine';
import type { EvaluationReply } from '../eval/run-evaluation.js';
import { syntheticReport } from '../eval/wire-report.js';

/** Why a task ended without a reply from its worker, or never reached one. */
export type TaskFailure =
  | { readonly kind: 'time-limit'; readonly timeoutMs: number }
  | { readonly kind: 'memory-limit'; readonly memoryMb: number }
  | { readonly kind: 'worker-died'; readonly reason: string }
  /** Refused before the hand-over: copying a value nested that deep to a thread would overflow the stack. */
  | { readonly kind: 'input-too-deep'; readonly limit: number };

/**
 * The reply for an evaluation its worker could not finish, shaped as an engine failure of the same code is
 * (interface spec): the legacy error payload, or a verbose report.
 */
export function failureReply(failure: TaskFailure, verbose: boolean): EvaluationReply {
  const { status, error } = describe(failure);
  const report = syntheticReport(status, { ...error, severity: 0, level: 'fatal' });
  return { status, body: verbose ? report : toLegacyErrorPayload(report) };
}

function describe(failure: TaskFailure) {
  switch (failure.kind) {
    case 'time-limit':
      return { status: 422, error: createError('D1012', { value: failure.timeoutMs }) };
    case 'memory-limit':
      return { status: 422, error: createError('L1006', { value: failure.memoryMb }) };
    case 'worker-died':
      return { status: 500, error: createError('L1007', { reason: failure.reason }) };
    case 'input-too-deep':
      return { status: 422, error: createError('L1004', { limit: failure.limit }) };
  }
}
