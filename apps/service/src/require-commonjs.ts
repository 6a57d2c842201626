import { createRequire } from 'node:module';

/**
 * CommonJS packages are loaded with `require`: an ESM `import` of one makes Node scan its source for named
 * exports (cjs-module-lexer) at every start, a few ms each for pino, @fastify/static and fastify-plugin.
 */
export const requireCommonJs = createRequire(import.meta.url);
