import type { DeterministicOptions } from '@mapx/engine';

/** The instant `$now()`/`$millis()` report in test runs (docs/authoring.md#tests-beside-mappings). */
export const TEST_NOW = Date.UTC(2024, 0, 1, 12, 0, 0, 0);

/** Each case has its own UUID sequence, so adding a case never changes another case's output. */
export function testDeterminism(mappingId: string, testName: string): DeterministicOptions {
  return { now: TEST_NOW, seed: `${mappingId}/${testName}` };
}
