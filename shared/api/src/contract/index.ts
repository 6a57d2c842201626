export * from './route-contract.js';
export * from './server-routes.js';
export * from './evaluation-routes.js';
export * from './mapping-routes.js';
export * from './template-routes.js';
export * from './designer-routes.js';
export * from './auth-routes.js';
export * from './mapping-test-routes.js';
