export { createFakeListenerHost, type FakeEvaluate, type FakeListenerHost } from './fake-listener-host.js';
export { instantiateListener } from './instantiate-listener.js';
export { createRecordingLogger, type LogEntry, type RecordingLogger } from '../store/recording-logger.js';
export { validatePluginOptions, type OptionsValidation } from '../store/validate-plugin-options.js';
