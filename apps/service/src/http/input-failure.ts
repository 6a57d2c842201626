import type { NormalizeIssue } from '@mapx/plugin-api';
import type { DispatchResult } from '../normalize/input-dispatcher.js';
import type { EvaluationReply } from '../eval/run-evaluation.js';
import { syntheticReport } from '../eval/wire-report.js';
import { errorOutcome } from './reply/error-reply.js';

/** The reply for an input that could not be normalised: 415 for an unknown type, else the issue's status. */
export function inputFailure(result: DispatchResult & { ok: false }, verbose: boolean): EvaluationReply {
  if ('unsupported' in result) {
    const params = { received: result.unsupported, accepted: result.accepted.join(', ') };
    if (!verbose) return errorOutcome('UNSUPPORTED_MEDIA_TYPE', { params });
    const { status, body } = errorOutcome('UNSUPPORTED_MEDIA_TYPE', { params });
    const message = (body as { message: string }).message;
    return { status, body: syntheticReport(status, { code: 'UNSUPPORTED_MEDIA_TYPE', message }) };
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
  const own = { params: { detail: issue.message }, wireCode: issue.code, status: issue.status };
  if (issue.status === 422) {
    return errorOutcome('INPUT_INVALID', {
      ...own,
      name: 'InputError',
      ...(issue.line !== undefined ? { line: issue.line } : {}),
      ...(issue.position !== undefined ? { position: issue.position } : {}),
    });
  }
  return errorOutcome('INPUT_REFUSED', { ...own, details: location(issue) });
}

function location(issue: NormalizeIssue): Record<string, number> {
  const out: Record<string, number> = {};
  if (issue.line !== undefined) out.line = issue.line;
  if (issue.column !== undefined) out.column = issue.column;
  if (issue.position !== undefined) out.position = issue.position;
  return out;
}
