import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The scope of a route plugin, validating and typing requests with the zod schemas of `@mapx/api`'s route
 * contracts. Only request parts are given to Fastify: replies keep their hand-shaped serialisation (evaluation
 * replies are JSON text made by the evaluation thread), the contract's reply schemas document them.
 */
export function zodRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}
