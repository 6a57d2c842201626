import type { MappingTestCase } from '@mapx/plugin-api';
import type { TestCaseStore } from '../../mapping-tests/test-store.js';
import { expectationText } from '../../mapping-tests/expectation-text.js';
import { summarize, type MappingTestReport, type TestCaseResult } from '../../mapping-tests/test-result.js';

/** `--update`: failed and new cases get their actual output as the expectation and count as passed. */
export async function acceptOutputs(
  store: TestCaseStore,
  report: MappingTestReport,
): Promise<MappingTestReport> {
  if (!store.putTest) throw new Error(`${store.name} cannot write test cases`);
  const results: TestCaseResult[] = [];
  for (const result of report.results) {
    if (result.outcome !== 'failed' && result.outcome !== 'no-expectation') {
      results.push(result);
      continue;
    }
    const stored = (await store.getTest(report.mappingId, result.name)) as MappingTestCase;
    await store.putTest(report.mappingId, { ...stored, expected: expectationText(result.actual) });
    const { name, actual, durationMs } = result;
    results.push({
      name,
      outcome: 'passed',
      actual,
      expected: actual,
      updated: true,
      ...(durationMs === undefined ? {} : { durationMs }),
    });
  }
  return summarize(report.mappingId, results);
}
