import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

type Factory = (...args: unknown[]) => unknown;

/**
 * Fastify's schema compilers (ajv + ajv-formats, fast-json-stringify: ~240 CommonJS modules) are built when the
 * first route with a schema is compiled, not when Fastify is created: no route of the service declares a
 * schema, so they were pure start-up cost. Resolved from Fastify's own folder (they are its dependencies).
 */
export function lazySchemaCompilers(): Compilers {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const lazy = (pkg: string): Factory => {
    let factory: Factory | undefined;
    return (...args) => {
      factory ??= (fromFastify(pkg) as () => Factory)();
      return factory(...args);
    };
  };
  return {
    buildValidator: lazy('@fastify/ajv-compiler'),
    buildSerializer: lazy('@fastify/fast-json-stringify-compiler'),
  } as unknown as Compilers;
}
