import type { MapxServices } from '../services.js';
import type { TestCaseStore } from './test-store.js';
import { runTestCase } from './run-test-case.js';
import { summarize, type MappingTestReport, type TestCaseResult } from './test-result.js';

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
  const names = (await store.listTests(mappingId)).map((t) => t.name).filter((n) => !only || n === only);
  const results: TestCaseResult[] = [];
  for (const name of names) {
    const testCase = await store.getTest(mappingId, name);
    // removed since the listing: nothing to report
    if (testCase === undefined) continue;
    const started = performance.now();
    const result = await runTestCase(services, mappingId, source, testCase);
    results.push({ ...result, durationMs: Math.round(performance.now() - started) });
  }
  return summarize(mappingId, results);
}
