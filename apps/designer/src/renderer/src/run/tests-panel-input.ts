import { INPUT_CONTENT_TYPES, type InputContentType, type TestCaseBody } from '@mapx/api';
import type { InputState } from '../state/use-runner.js';

/** The file extension a test input is stored under; the service runs `.json` as JSON and `.xml` as XML. */
export function testInputExtension(contentType: InputContentType): string {
  if (contentType === 'text/csv') return 'csv';
  if (contentType === 'x-application/hl7-v2+er7') return 'hl7';
  return contentType.includes('xml') ? 'xml' : 'json';
}

/** A stored case's input as the input pane shows it. */
export function testInputState(testCase: Pick<TestCaseBody, 'input' | 'contentType'>): InputState {
  const known = (INPUT_CONTENT_TYPES as readonly string[]).includes(testCase.contentType);
  return {
    text: testCase.input,
    contentType: known ? (testCase.contentType as InputContentType) : 'application/json',
  };
}

/** A diff line's kind, by its prefix (the service's diff is expected `-` against actual `+`). */
export function diffLineKind(line: string): 'removed' | 'added' | 'hunk' | 'same' {
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('-')) return 'removed';
  if (line.startsWith('+')) return 'added';
  return 'same';
}
