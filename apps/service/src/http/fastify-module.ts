import { createRequire } from 'node:module';
import type FastifyFactory from 'fastify';

/**
 * Fastify through `require`: importing the CommonJS package from ESM made Node scan it for named exports
 * (cjs-module-lexer) at every start, ~40 ms of CPU before the service could listen.
 */
export const Fastify = createRequire(import.meta.url)('fastify') as typeof FastifyFactory;
