import type { z } from 'zod';
import type { RequestExamples } from './request-examples.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ResponseContract {
  readonly description: string;
  /** Media type → schema of the body; absent for an answer without a body. */
  readonly content?: Readonly<Record<string, z.ZodType>>;
}

export interface QueryParameter {
  readonly name: string;
  readonly description: string;
  readonly schema: z.ZodType;
}

/**
 * One route of the interface specification: the service registers it from here (method, URL, request
 * schemas) and the OpenAPI document is generated from here, so neither can drift from the other.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  /** Fastify form: `/Mapping/:mappingId`, `/Mapping/:mappingId/*`. */
  readonly url: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** Path parameters (validated: they are always strings, so nothing the router matches is refused). */
  readonly params?: z.ZodObject;
  /** Query parameters: documented; each route reads them leniently, as the spec asks. */
  readonly query?: readonly QueryParameter[];
  /** Request body: media type → schema. */
  readonly body?: Readonly<Record<string, z.ZodType>>;
  /** Named request examples by media type (the OpenAPI document's `examples`). */
  readonly examples?: RequestExamples;
  /** The JSON body is validated with this schema (the route answers a refusal itself). */
  readonly validatedBody?: z.ZodType;
  readonly responses: Readonly<Record<string, ResponseContract>>;
}

/** `:name` → `{name}`, a trailing `*` → `{subroute}` (one or more segments). */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{subroute}');
}
