export * from './service-errors.js';
export * from './error-body.js';
export * from './mapx-error-payload.js';
export * from './error-report.js';
export * from './client-errors.js';
