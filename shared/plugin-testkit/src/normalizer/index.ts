export { runNormalizerConformance, type NormalizerConformanceOptions } from './run-conformance.js';
export {
  loadNormalizerCases,
  type NormalizerCase,
  type NormalizerCaseFile,
  type ExpectedIssue,
} from './case-file.js';
export { runNormalizerCase, buildCaseInput, type CaseOutcome } from './run-case.js';
export { fuzzNormalizer, type FuzzOptions, type FuzzReport, type FuzzFailure } from './fuzz.js';
export { checkNormalizeResult } from './check-result.js';
export { checkNormalizerPlugin } from './check-plugin.js';
export { createTestPluginContext, instantiateNormalizer } from './instantiate.js';
export { createPrng, type Prng } from './prng.js';
