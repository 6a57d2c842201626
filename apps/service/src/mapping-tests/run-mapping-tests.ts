import type { MapxServices } from '../services.js';
import type { TestCaseStore } from './test-store.js';
import { runTestCase } from './run-test-case.js';
import { summarize, type MappingTestReport, type TestCaseResult } from './test-result.js';
import { ReportBudget } from './test-bounds.js';

/** The result as reported: its output, expectation and diff only while the report's budget lasts. */
function withinBudget(result: TestCaseResult, budget: ReportBudget): TestCaseResult {
  const { actual, expected, diff, ...rest } = result;
  if (actual === undefined && expected === undefined && diff === undefined) return result;
  const size =
    (JSON.stringify(actual)?.length ?? 0) + (JSON.stringify(expected)?.length ?? 0) + (diff?.length ?? 0);
  return budget.take(size) ? result : { ...rest, truncated: true };
}

/**
 * Runs the test cases of one served mapping (all of them, or only `only`), one after another in name order.
 * Undefined when the mapping is not served.
 */
export async function runMappingTests(
  services: MapxServices,
  store: TestCaseStore,
  mappingId: string,
  only?: string,
): Promise<MappingTestReport | undefined> {
  const source = services.mappings.current().mappings.get(mappingId);
  if (source === undefined) return undefined;
  const all = (await store.listTests(mappingId)).map((t) => t.name).filter((n) => !only || n === only);
  // cases put beside the mapping by hand may pass the write bound: the first ones by name are run
  const names = all.slice(0, services.config.mappings.testCasesMax);
  const budget = new ReportBudget();
  const results: TestCaseResult[] = [];
  for (const name of names) {
    const testCase = await store.getTest(mappingId, name);
    // removed since the listing: nothing to report
    if (testCase === undefined) continue;
    const started = performance.now();
    const result = await runTestCase(services, mappingId, source, testCase);
    results.push({ ...withinBudget(result, budget), durationMs: Math.round(performance.now() - started) });
  }
  const skipped = all.length - names.length;
  if (skipped > 0)
    results.push({
      name: `(${skipped} more)`,
      outcome: 'error',
      message: `${skipped} test cases past MAPX_TEST_CASES_MAX (${services.config.mappings.testCasesMax}) were not run`,
    });
  return summarize(mappingId, results);
}
