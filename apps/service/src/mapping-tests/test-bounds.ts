import type { MappingTestCase } from '@mapx/plugin-api';

/** What a case weighs against MAPX_TEST_CASE_MAX_BYTES: its input and its expectation, as stored. */
export function caseBytes(testCase: Pick<MappingTestCase, 'input' | 'expected'>): number {
  return testCase.input.byteLength + Buffer.byteLength(testCase.expected ?? '', 'utf8');
}

/**
 * The `actual`, `expected` and `diff` of every case of one `$run` report together: past it the remaining cases
 * report their outcome without them, so a run of many large cases stays well inside the evaluation memory.
 */
export const REPORT_BUDGET_BYTES = 32 * 1024 * 1024;

/** Keeps track of the report's size; a case asks before it carries its output. */
export class ReportBudget {
  private left = REPORT_BUDGET_BYTES;

  take(bytes: number): boolean {
    if (bytes > this.left) return false;
    this.left -= bytes;
    return true;
  }
}
