import type { MappingTestCase } from '@mapx/plugin-api';
import type { TestCaseBody } from '@mapx/api';
import { testInputType } from './test-input-type.js';

/** A stored case as GET answers it: the input as text, the expectation as a JSON value. */
export function testCaseBody(testCase: MappingTestCase): TestCaseBody & { expectedProblem?: string } {
  const base = {
    name: testCase.name,
    inputExtension: testCase.inputExtension,
    contentType: testInputType(testCase.inputExtension, testCase.input),
    input: Buffer.from(testCase.input).toString('utf8'),
  };
  if (testCase.expected === undefined) return base;
  try {
    return { ...base, expected: JSON.parse(testCase.expected) as unknown };
  } catch (err) {
    // shown to the author (who can accept a new output), not hidden as "no expectation"
    return { ...base, expectedProblem: `not valid JSON: ${(err as Error).message}` };
  }
}
