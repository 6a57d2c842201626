import junitModule, { type Builder } from 'junit-report-builder';
import type { MappingTestReport } from '../../mapping-tests/test-result.js';

// The package's types declare an ES default export, but it is CommonJS `module.exports = builder`: Node's
// default import is the builder itself.
const junit = junitModule as unknown as Builder;

/**
 * JUnit XML for CI: one test suite per mapping (`mapping:<id>`), one test case per test; a failed case carries
 * the diff, a case that could not run is an error, and a case without an expectation is a failure too (nothing
 * judged it).
 */
export function junitReport(reports: readonly MappingTestReport[]): string {
  const builder = junit.newBuilder();
  for (const report of reports) {
    const suite = builder.testSuite().name(`mapping:${report.mappingId}`);
    for (const result of report.results) {
      const test = suite
        .testCase()
        .className(`mapx.${report.mappingId}`)
        .name(result.name)
        .time((result.durationMs ?? 0) / 1000);
      if (result.outcome === 'failed')
        test.failure('output differs from the expectation').stacktrace(result.diff ?? '');
      else if (result.outcome === 'no-expectation')
        test.failure(`no ${result.name}.expected.json: run mapx test --update or accept it in the designer`);
      else if (result.outcome === 'error') test.error(result.message ?? 'the test case could not run');
    }
  }
  return builder.build();
}
