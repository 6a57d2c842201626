import { z } from 'zod';
import { openApiPath, type RequestExamples, type RouteContract } from '@mapx/api';

type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** The auth layer is on: every operation takes a bearer token (the policy decides which ones need it). */
  readonly bearer: boolean;
}

/** The OpenAPI 3.1 document of the given route contracts: every schema is generated from their zod schemas. */
export function buildOpenApiDocument(
  routes: readonly RouteContract[],
  version: string,
  options: OpenApiOptions = { bearer: false },
): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, path);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'mapx API',
      version,
      description:
        'FHIR mapping engine: evaluate expressions, store and run mappings, templates from FHIR profiles.',
    },
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    ...(options.bearer
      ? {
          // the auth policy decides per route; Swagger UI sends the token, once given, with every request
          security: [{ bearer: [] }],
          components: {
            securitySchemes: {
              bearer: {
                type: 'http',
                scheme: 'bearer',
                bearerFormat: 'JWT',
                description:
                  'An access token from the identity provider named in /.well-known/oauth-protected-resource',
              },
            },
          },
        }
      : {}),
  };
}

function operation(route: RouteContract, path: string): Json {
  const params = [...pathParams(path), ...(route.query ?? []).map(queryParam)];
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    ...(params.length ? { parameters: params } : {}),
    ...(route.body ? { requestBody: { content: content(route.body, 'input', route.examples) } } : {}),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, r]) => [
        status,
        { description: r.description, ...(r.content ? { content: content(r.content, 'output') } : {}) },
      ]),
    ),
  };
}

function queryParam(q: { name: string; description: string; schema: z.ZodType }): Json {
  return {
    name: q.name,
    in: 'query',
    required: false,
    description: q.description,
    schema: jsonSchema(q.schema, 'input'),
  };
}

function pathParams(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function content(
  media: Readonly<Record<string, z.ZodType>>,
  io: 'input' | 'output',
  examples?: RequestExamples,
): Json {
  return Object.fromEntries(
    Object.entries(media).map(([type, schema]) => [
      type,
      { schema: jsonSchema(schema, io), ...(examples?.[type] ? { examples: examples[type] } : {}) },
    ]),
  );
}

/** JSON Schema 2020-12, the dialect of OpenAPI 3.1; an input schema leaves unknown members open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}
