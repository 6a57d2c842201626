import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  healthSchema,
  idListSchema,
  pluginInfoSchema,
  serverInfoSchema,
  serviceErrorSchema,
  openApiPath,
} from '@mapx/api';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

interface Operation {
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

describe('the OpenAPI document is generated from the contract and kept in step with the code', () => {
  let t: TestApp;
  let doc: Record<string, unknown>;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-openapi-'));
    writeFileSync(join(folder, 'hello.mapx'), "'hello'");
    t = await createTestApp({ MAPPINGS_FOLDER: folder });
    doc = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('documents exactly the routes the service registers', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = [
      ...new Set(
        t.app.mapxRoutes
          .filter((r) => r.method !== 'OPTIONS')
          .map((r) => `${r.method} ${openApiPath(r.url)}`),
      ),
    ].sort();
    expect(documented).toEqual(registered);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the bodies with the schemas of @mapx/api', () => {
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const post = paths['/']!.post!;
    expect(post.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['mapx'],
      properties: { mapx: { type: 'string' }, contentType: { type: 'string' } },
    });
    const read = paths['/Mapping/{mappingId}']!.get!;
    expect(Object.keys(read.responses['200']!.content!)).toEqual(['application/vnd.vendor.mapx']);
    expect(read.parameters).toEqual([
      { name: 'mappingId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('answers what the contract describes (server info, health, plugins, mapping ids, a 404)', async () => {
    await warmedUp(t.app);
    const body = async (url: string, schema: z.ZodType) => {
      const res = await t.app.inject({ method: 'GET', url });
      return schema.parse(res.json());
    };
    await body('/', serverInfoSchema);
    await body('/health', healthSchema);
    await body('/plugins', z.array(pluginInfoSchema));
    expect(await body('/Mapping', idListSchema)).toEqual(['hello']);
    const missing = await t.app.inject({ method: 'GET', url: '/Mapping/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(serviceErrorSchema.parse(missing.json()).code).toBe('MAPPING_NOT_FOUND');
  });

  it('serves a self-contained human-readable page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('/Mapping/{mappingId}');
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!127)/);
  });
});
