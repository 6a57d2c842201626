import type { FhirContext } from '@mapx/fhir';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadR4Context } from '../templates/test-support/load-r4-context.js';
import { templateRoutes } from './template-routes.js';

describe('template routes', () => {
  let fhir: FhirContext;
  let dispose: () => void;
  let app: FastifyInstance;
  let ready = true;

  beforeAll(async () => {
    ({ fhir, dispose } = await loadR4Context());
    app = Fastify();
    await app.register(templateRoutes, { fhir: () => (ready ? fhir : undefined) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    dispose();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('lists ids of one kind as a JSON array', async () => {
    const res = await get('/Template/$list?type=profile');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(expect.arrayContaining(['bp', 'bodyweight', 'heartrate', 'vitalsigns']));
  });

  it('lists nothing without a type and answers 500 with an Enterprise message for an invalid type', async () => {
    expect((await get('/Template/$list')).json()).toEqual([]);
    const bad = await get('/Template/$list?type=logical');
    expect(bad.statusCode).toBe(500);
    expect(Object.keys(bad.json())).toEqual(['message']);
    expect(bad.json().message).toContain('profile, resource, datatype, extension');
  });

  it('serves a template as application/vnd.vendor.mapx', async () => {
    const res = await get('/Template/bp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.vendor\.mapx/);
    expect(res.body).toContain('\nInstanceOf: bp\n');
  });

  it('accepts a canonical URL percent-encoded in one segment or written out', async () => {
    const byId = (await get('/Template/bp')).body;
    const encoded = await get(
      `/Template/${encodeURIComponent('http://hl7.org/fhir/StructureDefinition/bp')}`,
    );
    expect(encoded.statusCode).toBe(200);
    expect(encoded.body).toBe(byId);
    const raw = await get('/Template/http://hl7.org/fhir/StructureDefinition/bp');
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe(byId);
  });

  it('answers 400 for a missing id and 404 for an unknown one, each with only a message', async () => {
    for (const url of ['/Template/', '/Template']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['message']);
    }
    const unknown = await get('/Template/NoSuchProfile');
    expect(unknown.statusCode).toBe(404);
    expect(Object.keys(unknown.json())).toEqual(['message']);
    expect(unknown.json().message).toContain('NoSuchProfile');
  });

  it('answers 503 while the FHIR context is not loaded', async () => {
    ready = false;
    try {
      const res = await get('/Template/Patient');
      expect(res.statusCode).toBe(503);
      expect(Object.keys(res.json())).toEqual(['message']);
    } finally {
      ready = true;
    }
  });
});
