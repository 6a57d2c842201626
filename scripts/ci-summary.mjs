// Prints the closing line CI reads ("mapx: N passed, N failed, N skipped"), summed over Vitest JSON reports,
// after a list of every skipped test with its reason (test-support/skip.ts records it in the test's meta).
// Under CI a skip is a failure unless it is one CI accepts (Electron's binary, which cannot be downloaded there).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
const skips = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'skipped' && test.status !== 'pending' && test.status !== 'todo') continue;
      skips.push({
        where: relative(process.cwd(), suite.name),
        title: test.fullName ?? test.title,
        reason: test.meta?.skipReason ?? '(no reason recorded)',
        allowed: test.meta?.skipAllowedInCi === true,
      });
    }
  }
}
for (const s of skips) console.log(`skipped: ${s.where} › ${s.title}: ${s.reason}`);
const refused = process.env.CI ? skips.filter((s) => !s.allowed) : [];
if (refused.length > 0) console.log(`mapx: ${refused.length} skip(s) that CI does not accept (listed above)`);
const skipped = skips.length;
console.log(
  `mapx: ${passed} passed, ${failed + refused.length} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failed > 0 || refused.length > 0 || passed === 0 ? 1 : 0);
