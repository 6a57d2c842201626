import type { NormalizeIssue } from '@mapx/plugin-api';
import type { DispatchResult } from '../normalize/input-dispatcher.js';
import type { EvaluationReply } from '../eval/run-evaluation.js';
import { syntheticReport } from '../eval/wire-report.js';

/** The reply for an input that could not be normalised: 415 for an unknown type, else the issue's status. */
export function inputFailure(result: DispatchResult & { ok: false }, verbose: boolean): EvaluationReply {
  if ('unsupported' in result) {
    const message = unsupportedMessage(result.unsupported, result.accepted);
    return verbose
      ? { status: 415, body: syntheticReport(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message }) }
      : { status: 415, body: { message, code: 'UNSUPPORTED_MEDIA_TYPE' } };
  }
  const issue: NormalizeIssue = result.issues[0] ?? {
    code: 'INPUT_INVALID',
    message: 'Invalid input',
    status: 422,
  };
  if (verbose) {
    const diag = { code: issue.code, message: issue.message, ...(issue.line ? { line: issue.line } : {}) };
    return {
      status: issue.status,
      body: syntheticReport(issue.status, { ...diag, severity: 0, level: 'fatal' }),
    };
  }
  if (issue.status === 422) return { status: 422, body: inputErrorPayload(issue) };
  return { status: issue.status, body: { message: issue.message, code: issue.code, ...location(issue) } };
}

function inputErrorPayload(issue: NormalizeIssue): Record<string, unknown> {
  return {
    __isMapxError: true,
    __isFlashError: false,
    message: issue.message,
    code: issue.code,
    name: 'InputError',
    value: '',
    token: '',
    cause: '',
    line: issue.line ?? '',
    start: '',
    position: issue.position ?? '',
  };
}

function location(issue: NormalizeIssue): Record<string, number> {
  const out: Record<string, number> = {};
  if (issue.line !== undefined) out.line = issue.line;
  if (issue.column !== undefined) out.column = issue.column;
  if (issue.position !== undefined) out.position = issue.position;
  return out;
}

/** The 415 text: the type received and every type that would have been accepted. */
export function unsupportedMessage(received: string, accepted: readonly string[]): string {
  return `Unsupported Content-Type: '${received}'; accepted media types: ${accepted.join(', ')}`;
}
