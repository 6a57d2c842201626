/** How one test case ended. */
export type TestOutcome = 'passed' | 'failed' | 'error' | 'no-expectation';

export interface TestCaseResult {
  readonly name: string;
  readonly outcome: TestOutcome;
  /** The mapping's output (passed, failed, no-expectation); `null` for an empty result. */
  readonly actual?: unknown;
  readonly expected?: unknown;
  /** A unified diff, expected (-) against actual (+), without colours. */
  readonly diff?: string;
  /** Why the case could not be judged (error): the evaluation's status and error body, or a bad expectation. */
  readonly status?: number;
  readonly error?: unknown;
  readonly message?: string;
  /** Wall-clock time of the run (JUnit `time`). */
  readonly durationMs?: number;
  /** The output (and expectation, diff) was left out: over MAPX_TEST_CASE_MAX_BYTES, or the report's budget. */
  readonly truncated?: boolean;
  /** `mapx test --update` stored the actual output as the expectation. */
  readonly updated?: boolean;
}

export interface MappingTestReport {
  readonly mappingId: string;
  readonly passed: number;
  readonly failed: number;
  readonly results: readonly TestCaseResult[];
}

export function summarize(mappingId: string, results: readonly TestCaseResult[]): MappingTestReport {
  const passed = results.filter((r) => r.outcome === 'passed').length;
  return { mappingId, passed, failed: results.length - passed, results };
}
