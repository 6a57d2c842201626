import {
  errorReport,
  mapxErrorPayloadSchema,
  verboseReportSchema,
  type ClientErrorCode,
  type DiagnosticEntry,
  type VerboseReport,
} from '@mapx/api';
import { readableError } from './readable-error.js';

/**
 * Every answer to a run, reduced to one shape: a verbose report. Answers that are not reports (a legacy 422
 * compile-error payload, a 404 for a missing mapping, a 415) become a synthetic report whose single error
 * entry carries the readable message, so the output pane and the markers have one thing to show.
 */
export type RunOutcome =
  | {
      readonly kind: 'report';
      readonly httpStatus: number;
      readonly report: VerboseReport;
      readonly elapsedMs: number;
    }
  | { readonly kind: 'unreachable'; readonly message: string };

/** A report made here, not by the service: it has no execution id. */
function syntheticReport(status: number, entry: DiagnosticEntry): VerboseReport {
  return errorReport(status, [entry], '');
}

/** The defined code of a failure whose answer names none (`CLIENT_ERRORS` in `@mapx/api`). */
const UNCODED: ClientErrorCode = 'UNCODED_ERROR';

function offset(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function fromErrorPayload(status: number, body: unknown): VerboseReport | undefined {
  const parsed = mapxErrorPayloadSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { code, message } = parsed.data;
  const entry: DiagnosticEntry = { code: code === '' ? UNCODED : code, message, severity: 0, level: 'fatal' };
  const line = offset(parsed.data.line);
  const start = offset(parsed.data.start);
  const position = offset(parsed.data.position);
  return syntheticReport(status, {
    ...entry,
    ...(line !== undefined ? { line } : {}),
    ...(start !== undefined ? { start } : {}),
    ...(position !== undefined ? { position } : {}),
  });
}

export function toRunOutcome(httpStatus: number, body: unknown, elapsedMs: number): RunOutcome {
  const report = verboseReportSchema.safeParse(body);
  if (report.success) return { kind: 'report', httpStatus, report: report.data, elapsedMs };
  const legacy = fromErrorPayload(httpStatus, body);
  if (legacy) return { kind: 'report', httpStatus, report: legacy, elapsedMs };
  if (httpStatus >= 200 && httpStatus < 300) {
    // A plain result (a service that ignored `verbose`): still a successful run.
    const result = body === undefined ? {} : { result: body };
    const ok = {
      ok: true,
      status: httpStatus,
      diagnostics: { error: [], warning: [], debug: [] },
      executionId: '',
    };
    return { kind: 'report', httpStatus, report: { ...ok, ...result }, elapsedMs };
  }
  const { message, code } = readableError(httpStatus, body);
  const entry = { code: code ?? UNCODED, message, severity: 0, level: 'fatal' };
  return { kind: 'report', httpStatus, report: syntheticReport(httpStatus, entry), elapsedMs };
}
