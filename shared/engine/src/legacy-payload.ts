import { mapxErrorPayload, serviceErrorMessage, type MapxErrorBody } from '@mapx/api/errors';
import type { VerboseReport } from './engine/types.js';

export type MapxErrorPayload = MapxErrorBody;

function isReport(x: unknown): x is VerboseReport {
  return typeof x === 'object' && x !== null && 'diagnostics' in x && 'executionId' in x;
}

/** A failed report without a diagnostic entry: the engine never makes one, but a payload must still be true. */
const NO_DIAGNOSTIC = 'the report names no diagnostic';

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * The legacy 422 error payload of service §9.4: from a verbose report (step 5: primary diagnostic, name
 * `EvaluationError`) or from a thrown/compile error (step 6).
 */
export function toLegacyErrorPayload(errOrReport: unknown): MapxErrorPayload {
  if (isReport(errOrReport)) {
    const d = errOrReport.diagnostics;
    const primary = (d.error[0] ?? d.warning[0] ?? d.debug[0]) as Record<string, unknown> | undefined;
    const code = typeof primary?.['code'] === 'string' ? primary['code'] : 'EVALUATION_FAILED';
    return mapxErrorPayload({
      isFlashError: code.startsWith('F'),
      message:
        typeof primary?.['message'] === 'string'
          ? primary['message']
          : serviceErrorMessage('EVALUATION_FAILED', { detail: NO_DIAGNOSTIC }),
      code,
      name: 'EvaluationError',
      line: primary?.['line'] as number | undefined,
      start: primary?.['start'] as number | undefined,
      position: primary?.['position'] as number | undefined,
    });
  }
  const e = (typeof errOrReport === 'object' && errOrReport !== null ? errOrReport : {}) as Record<
    string,
    unknown
  >;
  return mapxErrorPayload({
    isFlashError: e['instanceOf'] !== undefined || e['token'] === 'InstanceOf:',
    message: typeof e['message'] === 'string' ? e['message'] : String(errOrReport),
    code: text(e['code']),
    name: text(e['name']),
    value:
      typeof e['value'] === 'string' || e['value'] === undefined ? e['value'] : JSON.stringify(e['value']),
    token: e['token'],
    line: e['line'] as number | undefined,
    start: e['start'] as number | undefined,
    position: e['position'] as number | undefined,
  });
}
