export { createRecordingLogger, type LogEntry, type RecordingLogger } from './recording-logger.js';
export { validatePluginOptions, type OptionsValidation } from './validate-plugin-options.js';
export { instantiateStore } from './instantiate-store.js';
export { waitFor } from './wait-for.js';
export { waitForStoreChange } from './wait-for-store-change.js';
export { checkStoreTestCases } from './check-store-test-cases.js';
export { checkStoreHistory } from './check-store-history.js';
