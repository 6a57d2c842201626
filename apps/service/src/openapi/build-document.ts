import { schemas } from './schemas.js';
import type { OperationSpec } from './operation.js';

/** Builds the OpenAPI 3.1 document from operation specs. */
export function buildOpenApiDocument(
  operations: readonly OperationSpec[],
  version: string,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    item[op.method] = operation(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'mapx API',
      version,
      description:
        'FHIR mapping engine: evaluate expressions, store and run mappings, templates from FHIR profiles.',
    },
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

function operation(op: OperationSpec): Record<string, unknown> {
  const params = [
    ...pathParams(op.path),
    ...(op.verbose ? [verboseParam] : []),
    ...(op.query ?? []).map(queryParam),
  ];
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    ...(params.length ? { parameters: params } : {}),
    ...(op.requestBody ? { requestBody: { content: content(op.requestBody) } } : {}),
    responses: Object.fromEntries(
      Object.entries(op.responses).map(([status, [description, media]]) => [
        status,
        { description, ...(media ? { content: content(media) } : {}) },
      ]),
    ),
  };
}

const verboseParam = {
  name: 'verbose',
  in: 'query',
  required: false,
  description: '`true` (any case) or `1`: the body is a verbose report',
  schema: { type: 'string' },
};

function queryParam(q: {
  name: string;
  description: string;
  enum?: readonly string[];
}): Record<string, unknown> {
  return {
    name: q.name,
    in: 'query',
    required: false,
    description: q.description,
    schema: { type: 'string', ...(q.enum ? { enum: q.enum } : {}) },
  };
}

function pathParams(path: string): Record<string, unknown>[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function content(media: Readonly<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(media).map(([type, schema]) => [type, { schema: schemaFor(schema) }]),
  );
}

function schemaFor(name: string): Record<string, unknown> {
  if (name === '') return { type: 'string' };
  if (name === 'object') return { type: 'object' };
  if (name.endsWith('[]'))
    return { type: 'array', items: { $ref: `#/components/schemas/${name.slice(0, -2)}` } };
  return { $ref: `#/components/schemas/${name}` };
}
