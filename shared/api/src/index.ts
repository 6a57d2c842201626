export * from './diagnostics.js';
export * from './server-info.js';
export * from './evaluate-request.js';
export * from './messages.js';
export * from './fhir-elements.js';
export * from './charset/index.js';
export * from './samples.js';
