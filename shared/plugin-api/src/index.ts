export * from './meta.js';
export type * from './context.js';
export type * from './plugin.js';
export type * from './normalizer.js';
export type * from './store.js';
export type * from './auth.js';
export type * from './listener.js';
export type { StandardSchemaV1 } from './standard-schema.js';
export * from './errors.js';
export * from './define.js';
export { parseMediaType } from './media-type.js';
export { MAPPING_ID_PATTERN, isValidMappingId, mappingIdProblem } from './mapping-id.js';
export {
  TEST_NAME_PATTERN,
  TEST_INPUT_EXTENSION_PATTERN,
  isValidTestName,
  isValidTestInputExtension,
  type MappingTestCase,
  type MappingTestCaseSummary,
} from './mapping-test-case.js';
export {
  MAPPING_VERSION_ID_PATTERN,
  isValidMappingVersionId,
  type MappingVersion,
  type MappingVersionSummary,
} from './mapping-version.js';
export { parseJsonText, findJsonErrorPosition } from './json-text.js';
export { parseFlag, parseInteger, parseOptionalText, pickEnv } from './env-options.js';
export { createKeyedQueue, type KeyedQueue } from './keyed-queue.js';
export { setOwn } from './set-own.js';
export * from './problem-details.js';
