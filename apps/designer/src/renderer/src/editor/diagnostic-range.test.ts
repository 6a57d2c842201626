import { describe, expect, it } from 'vitest';
import { diagnosticRange, markerLevel } from './diagnostic-range.js';

const text = 'InstanceOf: Patient\n* name\n   * given = first\n* gender = sex';

describe('diagnosticRange', () => {
  it('maps start/position offsets to line and columns', () => {
    // `given` starts at offset 31 on line 3 (`   * given = first`).
    const start = text.indexOf('given');
    expect(diagnosticRange(text, { line: 3, start, position: start + 5 })).toEqual({
      startLineNumber: 3,
      startColumn: 6,
      endLineNumber: 3,
      endColumn: 11,
    });
  });

  it('accepts the string offsets of the legacy error payload', () => {
    expect(diagnosticRange('$number("x")', { line: '1', start: '0', position: '8' })).toEqual({
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 1,
      endColumn: 9,
    });
  });

  it('marks the whole line (without indentation) when offsets disagree with the line', () => {
    expect(diagnosticRange(text, { line: 3, start: 0, position: 2 })).toEqual({
      startLineNumber: 3,
      startColumn: 4,
      endLineNumber: 3,
      endColumn: 19,
    });
  });

  it('marks one character before `position` when `start` is missing', () => {
    expect(diagnosticRange('1 + ', { position: 4 })).toEqual({
      startLineNumber: 1,
      startColumn: 4,
      endLineNumber: 1,
      endColumn: 5,
    });
  });

  it('clamps a line past the end to the last line and gives up without any location', () => {
    expect(diagnosticRange('a\nb', { line: 9 })?.startLineNumber).toBe(2);
    expect(diagnosticRange('a', {})).toBeUndefined();
  });
});

describe('markerLevel', () => {
  it('follows the severity bands and falls back to the bucket', () => {
    expect(markerLevel(0, 'error')).toBe('error');
    expect(markerLevel(12, 'error')).toBe('error');
    expect(markerLevel(32, 'warning')).toBe('warning');
    expect(markerLevel(60, 'debug')).toBe('info');
    expect(markerLevel(undefined, 'warning')).toBe('warning');
    expect(markerLevel(undefined, 'debug')).toBe('info');
  });
});
