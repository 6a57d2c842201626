import { describe, expect, it } from 'vitest';
import { errorReport, toWireDiagnostic } from './error-report.js';
import { mapxErrorPayload } from './mapx-error-payload.js';
import { mapxErrorPayloadSchema, verboseReportSchema } from '../diagnostics.js';

describe('the Mapx error payload builder', () => {
  it('sends every member in wire order, absent ones as empty strings', () => {
    const body = mapxErrorPayload({
      message: 'Unexpected token',
      code: 'S0201',
      name: 'ParseError',
      line: 2,
    });
    expect(JSON.stringify(body)).toBe(
      '{"__isMapxError":true,"__isFlashError":false,"message":"Unexpected token","code":"S0201",' +
        '"name":"ParseError","value":"","token":"","cause":"","line":2,"start":"","position":""}',
    );
    expect(mapxErrorPayloadSchema.safeParse(body).success).toBe(true);
  });

  it('keeps a FLASH flag, a value, a token and zero offsets', () => {
    const body = mapxErrorPayload({
      message: 'm',
      code: 'F1001',
      name: 'FlashError',
      isFlashError: true,
      value: 'x',
      token: 'InstanceOf:',
      line: 0,
      start: 0,
      position: 0,
    });
    expect(body).toMatchObject({ __isFlashError: true, value: 'x', token: 'InstanceOf:', line: 0, start: 0 });
    expect(body.position).toBe(0);
  });
});

describe('the verbose error report builder', () => {
  it('carries the failure as its one error entry, members in wire order', () => {
    const report = errorReport(
      415,
      [{ message: 'Unsupported', level: 'fatal', code: 'UNSUPPORTED_MEDIA_TYPE', line: 3, timestamp: 7 }],
      'e-1',
    );
    expect(JSON.stringify(report)).toBe(
      '{"ok":false,"status":415,"diagnostics":{"error":[{"code":"UNSUPPORTED_MEDIA_TYPE","line":3,' +
        '"message":"Unsupported","level":"fatal","timestamp":7}],"warning":[],"debug":[]},"executionId":"e-1"}',
    );
    expect(verboseReportSchema.safeParse(report).success).toBe(true);
  });

  it('leaves out members the specification does not allow, inherited ones and non-numeric offsets', () => {
    const inherited = Object.create({ message: 'from the prototype', level: 'fatal' }) as object;
    const entry = Object.assign(inherited, { code: 'X', stack: 'at …', line: '4', position: 12 });
    expect(toWireDiagnostic(entry as Record<string, unknown>)).toEqual({ code: 'X', position: 12 });
  });
});
