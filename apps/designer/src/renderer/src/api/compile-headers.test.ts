import { describe, expect, it } from 'vitest';
import { compileReport, describeDiagnostics } from './compile-headers.js';

describe('compile headers of a mapping save', () => {
  it('reads the outcome and the diagnostics', () => {
    const headers = new Headers({
      'x-mapx-compile': 'ok',
      'x-mapx-diagnostics': JSON.stringify([
        { code: 'F5353', message: 'merged rows', line: 2, level: 'warning' },
      ]),
    });
    const report = compileReport(headers);
    expect(report).toEqual({
      outcome: 'ok',
      diagnostics: [{ code: 'F5353', message: 'merged rows', line: 2, level: 'warning' }],
    });
    expect(describeDiagnostics(report.diagnostics)).toBe('F5353 (line 2): merged rows');
  });

  it('treats a missing or unreadable header as no diagnostics', () => {
    expect(compileReport(new Headers())).toEqual({ outcome: undefined, diagnostics: [] });
    const garbled = new Headers({ 'x-mapx-compile': 'ok', 'x-mapx-diagnostics': '[{"code":' });
    expect(compileReport(garbled).diagnostics).toEqual([]);
    const wrong = new Headers({ 'x-mapx-diagnostics': '[{"nocode":1}]' });
    expect(compileReport(wrong).diagnostics).toEqual([]);
  });

  it('names at most three diagnostics and counts the rest', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ code: `F${i}`, message: 'm' }));
    expect(describeDiagnostics(many)).toBe('F0: m; F1: m; F2: m … and 2 more');
  });
});
