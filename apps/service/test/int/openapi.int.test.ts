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

  it('serves Swagger UI from this service only: no inline script, no other origin, a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(res.body).not.toMatch(/<script>|<script(?![^>]*\ssrc=)|https?:\/\//);
    const assets = [...res.body.matchAll(/(?:src|href)="(\/api-docs\/[^"?]+)/g)].map((m) => m[1]!);
    expect(assets.sort()).toEqual(
      [
        '/api-docs/api-docs.css',
        '/api-docs/api-docs.js',
        '/api-docs/favicon-32x32.png',
        '/api-docs/openapi.json',
        '/api-docs/swagger-ui-bundle.js',
        '/api-docs/swagger-ui.css',
      ].sort(),
    );
    for (const url of assets) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(50);
    }
    const other = await t.app.inject({ method: 'GET', url: '/api-docs/package.json' });
    expect([other.statusCode, other.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('offers HL7 v2, CSV and XML request examples, and each one runs', async () => {
    await warmedUp(t.app);
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const examples = (op: Operation, type: string) =>
      (op.requestBody!.content[type] as { examples?: Record<string, { value: unknown }> }).examples ?? {};
    const adHoc = examples(paths['/']!.post!, 'application/json');
    expect(Object.keys(adHoc)).toEqual(['hl7v2', 'csv', 'xml', 'json']);
    const results = [];
    for (const { value } of Object.values(adHoc)) {
      const res = await t.app.inject({ method: 'POST', url: '/', payload: value as object });
      expect(res.statusCode, JSON.stringify(value)).toBe(200);
      results.push(res.json());
    }
    expect(results[0]).toEqual({ event: 'A01', mrn: 'A1' });
    expect(results[1]).toMatchObject({ resourceType: 'Patient', birthDate: '1990-05-17' });
    expect(results[2]).toEqual({ mrn: 'A1', family: 'Levi' });
    const execute = paths['/Mapping/{mappingId}']!.post!;
    for (const type of ['x-application/hl7-v2+er7', 'text/csv', 'application/xml']) {
      const [example] = Object.values(examples(execute, type));
      const res = await t.app.inject({
        method: 'POST',
        url: '/Mapping/hello',
        headers: { 'content-type': type },
        payload: example!.value as string,
      });
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('declares bearer auth only when the auth layer is on', () => {
    expect(doc.security).toBeUndefined();
    expect(doc.components).toBeUndefined();
  });
});
