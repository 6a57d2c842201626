import { describe, expect, it } from 'vitest';
import { diffLineKind, testInputExtension, testInputState } from './tests-panel-input.js';

describe('Tests panel inputs', () => {
  it('stores each input format under the extension the service runs it by', () => {
    expect(testInputExtension('text/csv')).toBe('csv');
    expect(testInputExtension('x-application/hl7-v2+er7')).toBe('hl7');
    expect(testInputExtension('application/fhir+xml')).toBe('xml');
    expect(testInputExtension('application/fhir+json')).toBe('json');
  });

  it('shows a stored input with its media type, an unknown one as JSON', () => {
    expect(testInputState({ input: 'a,b', contentType: 'text/csv' })).toEqual({
      text: 'a,b',
      contentType: 'text/csv',
    });
    expect(testInputState({ input: '{}', contentType: 'text/weird' }).contentType).toBe('application/json');
  });

  it('reads diff lines by prefix', () => {
    expect(['@@ -1 +1 @@', '-   "a": 1,', '+   "a": 2,', '    "b": 3'].map(diffLineKind)).toEqual([
      'hunk',
      'removed',
      'added',
      'same',
    ]);
  });
});
