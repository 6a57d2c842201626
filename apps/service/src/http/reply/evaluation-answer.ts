import { errorReply, type ErrorOptions } from '@mapx/api';
import { toLegacyErrorPayload } from '@mapx/engine';
import type { NormalizeIssue } from '@mapx/plugin-api';
import type {
  Carried,
  ErrorEntry,
  EvaluationFailure,
  EvaluationOutcome,
  FailureClass,
  FailureDetail,
} from '../../eval/outcome.js';
import { syntheticReport, toWireDiagnostic } from '../../eval/wire-report.js';
import { compileDiagnostic } from '../../eval/compile-diagnostic.js';
import { warningHeaderValues } from './warning-headers.js';

/**
 * An evaluation outcome as HTTP answers it (interface spec): the one place that turns an outcome into a status,
 * a body and headers. `json`: the body already serialised (by an evaluation worker thread), sent as is; no `json`
 * and `body` undefined: an empty 200 body (an undefined result).
 */
export interface EvaluationAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly json?: string;
  /** `Warning` header values (non-verbose answers that carry warnings). */
  readonly warnings?: readonly string[];
  /** A `Retry-After` header (seconds). */
  readonly retryAfterSeconds?: number;
}

export function evaluationAnswer(outcome: EvaluationOutcome, verbose: boolean): EvaluationAnswer {
  const warnings = outcome.warnings.length ? { warnings: warningHeaderValues(outcome.warnings) } : {};
  if (outcome.ok) {
    const carried = outcome.report ?? outcome.result;
    return carried ? { status: 200, ...bodyOf(carried), ...warnings } : { status: 200, ...warnings };
  }
  const retry =
    outcome.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: outcome.retryAfterSeconds };
  return { ...failureAnswer(outcome, verbose), ...warnings, ...retry };
}

/** The status `outcome` is answered with (a listener and `mapx run` report it as the HTTP answer would). */
export function evaluationStatus(outcome: EvaluationOutcome, verbose = false): number {
  if (outcome.ok) return 200;
  return statusOf(outcome.class, outcome.detail, verbose);
}

function statusOf(klass: FailureClass, detail: FailureDetail, verbose: boolean): number {
  switch (detail.kind) {
    case 'evaluation':
      return verbose && detail.partial ? 206 : 422;
    case 'normalize':
      return detail.issue.status;
    case 'unsupported':
      return errorReply('UNSUPPORTED_MEDIA_TYPE').status;
    case 'service':
      return errorReply(detail.code, detail.options).status;
    case 'compile':
      return 422;
    case 'entry':
      return klass === 'internal' ? 500 : 422;
  }
}

function failureAnswer(failure: EvaluationFailure, verbose: boolean): EvaluationAnswer {
  const { detail } = failure;
  const status = statusOf(failure.class, detail, verbose);
  switch (detail.kind) {
    case 'evaluation': {
      if (verbose && detail.report) return { status, ...bodyOf(detail.report) };
      const error = detail.primary ? [detail.primary] : [];
      return { status, body: toLegacyErrorPayload(reportOf(error)) };
    }
    case 'compile':
      return {
        status,
        body: verbose ? compileReport(detail.error, detail.all) : toLegacyErrorPayload(detail.error),
      };
    case 'entry': {
      const report = syntheticReport(status, detail.entry);
      return { status, body: verbose ? report : toLegacyErrorPayload(report) };
    }
    case 'normalize':
      return { status, body: verbose ? issueReport(detail.issue) : issueBody(detail.issue) };
    case 'unsupported': {
      const params = { received: detail.received, accepted: detail.accepted.join(', ') };
      const { body } = errorReply('UNSUPPORTED_MEDIA_TYPE', { params });
      if (!verbose) return { status, body };
      return {
        status,
        body: syntheticReport(status, { code: 'UNSUPPORTED_MEDIA_TYPE', message: body.message }),
      };
    }
    case 'service': {
      const { body } = errorReply(detail.code, detail.options);
      if (!verbose || !detail.entry) return { status, body };
      return { status, body: syntheticReport(status, detail.entry) };
    }
  }
}

function bodyOf(carried: Carried): { json: string } | { body: unknown } {
  return 'json' in carried ? { json: carried.json } : { body: carried.value };
}

/** The shape `toLegacyErrorPayload` reads its primary diagnostic from. */
function reportOf(error: ErrorEntry[]) {
  return { ok: false, status: 422, diagnostics: { error, warning: [], debug: [] }, executionId: '' };
}

function compileReport(error: ErrorEntry, all: readonly ErrorEntry[]) {
  const report = syntheticReport(422, compileDiagnostic(error));
  // every resolution error of the mapping at once (engine: MAX_COMPILE_ERRORS), not only the first
  if (all.length > 1)
    report.diagnostics.error = all.map((e) =>
      toWireDiagnostic({ timestamp: Date.now(), ...compileDiagnostic(e) }),
    );
  return report;
}

function issueReport(issue: NormalizeIssue) {
  const diag = { code: issue.code, message: issue.message, ...(issue.line ? { line: issue.line } : {}) };
  return syntheticReport(issue.status, { ...diag, severity: 0, level: 'fatal' });
}

/** A normaliser's refusal: 422 as the Mapx error payload, another status in the service shape with its location. */
function issueBody(issue: NormalizeIssue): Record<string, unknown> {
  const own: ErrorOptions = { params: { detail: issue.message }, wireCode: issue.code, status: issue.status };
  if (issue.status === 422) {
    return errorReply('INPUT_INVALID', {
      ...own,
      name: 'InputError',
      ...(issue.line !== undefined ? { line: issue.line } : {}),
      ...(issue.position !== undefined ? { position: issue.position } : {}),
    }).body;
  }
  return errorReply('INPUT_REFUSED', { ...own, details: location(issue) }).body;
}

function location(issue: NormalizeIssue): Record<string, number> {
  const out: Record<string, number> = {};
  if (issue.line !== undefined) out.line = issue.line;
  if (issue.column !== undefined) out.column = issue.column;
  if (issue.position !== undefined) out.position = issue.position;
  return out;
}
