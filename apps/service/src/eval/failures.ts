import { createError } from '@mapx/engine';
import { errorReply, type ErrorOptions, type ServiceErrorCode } from '@mapx/api';
import type { NormalizeIssue } from '@mapx/plugin-api';
import type { DispatchResult } from '../normalize/input-dispatcher.js';
import {
  NO_WARNINGS,
  type ErrorEntry,
  type EvaluationFailure,
  type FailureClass,
  type OutcomeWarning,
} from './outcome.js';

/** Why a task ended without an answer from its worker, or never reached one. */
export type TaskFailure =
  | { readonly kind: 'time-limit'; readonly timeoutMs: number }
  | { readonly kind: 'memory-limit'; readonly memoryMb: number }
  | { readonly kind: 'worker-died'; readonly reason: string }
  /** Refused before the hand-over: copying a value nested that deep to a thread would overflow the stack. */
  | { readonly kind: 'input-too-deep'; readonly limit: number };

/** An evaluation its worker could not finish, coded as the engine codes the same failure. */
export function taskFailure(failure: TaskFailure): EvaluationFailure {
  const [klass, error] = describe(failure);
  const entry: ErrorEntry = { ...error, severity: 0, level: 'fatal' };
  return failed(klass, String(error.code), String(error.message), { kind: 'entry', entry });
}

function describe(failure: TaskFailure): [FailureClass, ErrorEntry] {
  switch (failure.kind) {
    case 'time-limit':
      return ['limit', createError('D1012', { value: failure.timeoutMs })];
    case 'memory-limit':
      return ['limit', createError('L1006', { value: failure.memoryMb })];
    case 'worker-died':
      return ['internal', createError('L1007', { reason: failure.reason })];
    case 'input-too-deep':
      return ['limit', createError('L1004', { limit: failure.limit })];
  }
}

/**
 * A failure coded in the service's catalogue (`@mapx/api`); `entry`: what a verbose answer reports instead.
 * Its code is the one the answer carries (a foreign `wireCode` included).
 */
export function serviceFailure(
  klass: FailureClass,
  code: ServiceErrorCode,
  options?: ErrorOptions,
  entry?: ErrorEntry,
): EvaluationFailure {
  const message = String(errorReply(code, options).body.message);
  const detail = {
    kind: 'service' as const,
    code,
    ...(options ? { options } : {}),
    ...(entry ? { entry } : {}),
  };
  return failed(klass, options?.wireCode ?? code, message, detail);
}

/** No evaluation thread came free within MAPX_EVAL_QUEUE_TIMEOUT_MS. */
export function queueTimeout(waitMs: number): EvaluationFailure {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const params = { waitMs: String(waitMs), retryAfter: String(retryAfter) };
  return { ...serviceFailure('busy', 'EVAL_QUEUE_TIMEOUT', { params }), retryAfterSeconds: retryAfter };
}

/** An input that could not be decoded or normalised: an unknown media type, or the normaliser's first issue. */
export function inputFailure(
  result: DispatchResult & { ok: false },
  warnings: readonly OutcomeWarning[] = NO_WARNINGS,
): EvaluationFailure {
  if ('unsupported' in result) {
    const params = { received: result.unsupported, accepted: result.accepted.join(', ') };
    const message = String(errorReply('UNSUPPORTED_MEDIA_TYPE', { params }).body.message);
    const detail = { kind: 'unsupported' as const, received: result.unsupported, accepted: result.accepted };
    return failed('input', 'UNSUPPORTED_MEDIA_TYPE', message, detail, warnings);
  }
  const issue: NormalizeIssue = result.issues[0] ?? {
    code: 'INPUT_INVALID',
    message: 'Invalid input',
    status: 422,
  };
  return failed('input', issue.code, issue.message, { kind: 'normalize', issue }, warnings);
}

export function failed(
  klass: FailureClass,
  code: string,
  message: string,
  detail: EvaluationFailure['detail'],
  warnings: readonly OutcomeWarning[] = NO_WARNINGS,
): EvaluationFailure {
  return { ok: false, class: klass, code, message, detail, warnings };
}
