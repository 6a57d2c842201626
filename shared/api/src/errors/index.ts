export * from './service-errors.js';
export * from './error-body.js';
export * from './problem-details.js';
