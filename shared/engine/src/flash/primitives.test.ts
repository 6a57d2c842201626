import { describe, expect, it } from 'vitest';
import { isFhirCode, isFhirString } from './primitives.js';

// §5.8: strings need one non-whitespace char and only TAB, LF, CR or chars ≥ U+0020 outside U+0080–U+009F;
// codes have no leading, trailing or repeated whitespace and only single (no-break) spaces inside.
describe('FHIR string and code checks (§5.8)', () => {
  it.each([
    ['Doe', true],
    ['line one\nline two\tand\r', true],
    ['déjà vu 🙂', true],
    ['', false],
    ['   ', false],
    ['\u00a0\u3000', false],
    ['a\u0001b', false],
    ['a\u0085b', false],
    ['a\u009fb', false],
  ])('string %j → %s', (text, ok) => {
    expect(isFhirString(text)).toBe(ok);
  });

  it.each([
    ['final', true],
    ['in progress', true],
    ['a\u00a0b', true],
    ['', false],
    [' final', false],
    ['final ', false],
    ['in  progress', false],
    ['in\tprogress', false],
    ['in\nprogress', false],
    ['in\u2003progress', false],
  ])('code %j → %s', (text, ok) => {
    expect(isFhirCode(text)).toBe(ok);
  });
});
