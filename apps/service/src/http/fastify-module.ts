import { createRequire } from 'node:module';
import type FastifyFactory from 'fastify';

let loaded: typeof FastifyFactory | undefined;

/**
 * Fastify through `require`: importing the CommonJS package from ESM made Node scan it for named exports
 * (cjs-module-lexer) at every start, ~40 ms of CPU before the service could listen. Required on first use, not
 * when the service's modules load: `serve` starts the evaluation threads first, and they load meanwhile.
 */
export function fastify(): typeof FastifyFactory {
  return (loaded ??= createRequire(import.meta.url)('fastify') as typeof FastifyFactory);
}
