import { describe, expect, it } from 'vitest';
import { toRunOutcome } from './run-outcome.js';

describe('toRunOutcome', () => {
  it('keeps a verbose report as it is', () => {
    const report = {
      ok: true,
      status: 200,
      result: { a: 1 },
      diagnostics: { error: [], warning: [{ code: 'F5320', message: 'careful', severity: 32 }], debug: [] },
      executionId: 'e-1',
    };
    expect(toRunOutcome(200, report, 5)).toEqual({ kind: 'report', httpStatus: 200, report, elapsedMs: 5 });
  });

  it('turns a legacy compile-error payload into one located error entry', () => {
    const payload = {
      __isMapxError: true,
      __isFlashError: false,
      code: 'F1017',
      message: 'Unexpected indentation',
      name: 'ParseError',
      value: '',
      token: '',
      cause: '',
      line: '3',
      start: 31,
      position: '32',
    };
    const outcome = toRunOutcome(422, payload, 1);
    expect(outcome).toMatchObject({ kind: 'report', httpStatus: 422 });
    if (outcome.kind !== 'report') throw new Error('expected a report');
    expect(outcome.report.ok).toBe(false);
    expect(outcome.report.diagnostics.error).toEqual([
      {
        code: 'F1017',
        message: 'Unexpected indentation',
        severity: 0,
        level: 'fatal',
        line: 3,
        start: 31,
        position: 32,
      },
    ]);
  });

  it('explains answers that are neither reports nor error payloads', () => {
    const outcome = toRunOutcome(404, { message: 'not found' }, 1);
    if (outcome.kind !== 'report') throw new Error('expected a report');
    expect(outcome.report.status).toBe(404);
    expect(outcome.report.diagnostics.error[0]).toMatchObject({
      code: 'UNCODED_ERROR',
      message: 'Not found: not found',
    });
    const unsupported = toRunOutcome(
      415,
      { message: "Unsupported Content-Type: 'text/plain'", code: 'UNSUPPORTED_MEDIA_TYPE' },
      1,
    );
    if (unsupported.kind !== 'report') throw new Error('expected a report');
    expect(unsupported.report.diagnostics.error[0]?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('gives a legacy payload without a code the defined code for an answer without one', () => {
    const payload = { __isMapxError: true, code: '', message: 'Something failed' };
    const outcome = toRunOutcome(422, payload, 1);
    if (outcome.kind !== 'report') throw new Error('expected a report');
    expect(outcome.report.diagnostics.error).toEqual([
      { code: 'UNCODED_ERROR', message: 'Something failed', severity: 0, level: 'fatal' },
    ]);
    expect(outcome.report.executionId).toBe('');
  });

  it('wraps a plain successful result', () => {
    const outcome = toRunOutcome(200, [1, 2], 1);
    if (outcome.kind !== 'report') throw new Error('expected a report');
    expect(outcome.report).toMatchObject({ ok: true, status: 200, result: [1, 2] });
  });
});
