import type { VerboseReport } from './engine/types.js';

export interface MapxErrorPayload {
  __isMapxError: true;
  __isFlashError: boolean;
  message: string;
  code: string;
  name: string;
  value: unknown;
  token: unknown;
  cause: unknown;
  line: number | string;
  start: number | string;
  position: number | string;
}

const orEmpty = (v: unknown): unknown => (v === undefined || v === null ? '' : v);

function isReport(x: unknown): x is VerboseReport {
  return typeof x === 'object' && x !== null && 'diagnostics' in x && 'executionId' in x;
}

/**
 * The legacy 422 error payload of service §9.4: from a verbose report (step 5: primary diagnostic, name
 * `EvaluationError`) or from a thrown/compile error (step 6).
 */
export function toLegacyErrorPayload(errOrReport: unknown): MapxErrorPayload {
  if (isReport(errOrReport)) {
    const d = errOrReport.diagnostics;
    const primary = (d.error[0] ?? d.warning[0] ?? d.debug[0]) as Record<string, unknown> | undefined;
    const code = typeof primary?.['code'] === 'string' ? primary['code'] : 'EVALUATION_FAILED';
    return {
      __isMapxError: true,
      __isFlashError: code.startsWith('F'),
      message: typeof primary?.['message'] === 'string' ? primary['message'] : 'Evaluation failed',
      code,
      name: 'EvaluationError',
      value: '',
      token: '',
      cause: '',
      line: (primary?.['line'] as number | undefined) ?? '',
      start: (primary?.['start'] as number | undefined) ?? '',
      position: (primary?.['position'] as number | undefined) ?? '',
    };
  }
  const e = (typeof errOrReport === 'object' && errOrReport !== null ? errOrReport : {}) as Record<
    string,
    unknown
  >;
  const message = typeof e['message'] === 'string' ? e['message'] : String(errOrReport);
  return {
    __isMapxError: true,
    __isFlashError: e['instanceOf'] !== undefined || e['token'] === 'InstanceOf:',
    message,
    code: String(orEmpty(e['code'])),
    name: String(orEmpty(e['name'])),
    value:
      typeof e['value'] === 'string'
        ? e['value']
        : e['value'] === undefined
          ? ''
          : JSON.stringify(e['value']),
    token: orEmpty(e['token']),
    cause: '',
    line: (e['line'] as number | undefined) ?? '',
    start: (e['start'] as number | undefined) ?? '',
    position: (e['position'] as number | undefined) ?? '',
  };
}
