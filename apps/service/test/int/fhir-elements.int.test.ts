import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

interface Child {
  name: string;
  jsonNames: string[];
  isSlice: boolean;
  isChoice: boolean;
  min: number;
  types: string[];
}

describe('GET /fhir/elements (completion support)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await warmedUp(t.app);
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/fhir/elements?${query}` });

  it('lists the children of a profile root, slices included', async () => {
    const res = await get('type=bp');
    expect(res.statusCode).toBe(200);
    const children = res.json() as Child[];
    const names = children.map((c) => c.name);
    expect(names).toContain('status');
    expect(names).toContain('component[SystolicBP]');
    expect(names).toContain('component[DiastolicBP]');
    expect(children.find((c) => c.name === 'component[SystolicBP]')).toMatchObject({ isSlice: true, min: 1 });
    expect(names.indexOf('component')).toBeLessThan(names.indexOf('component[SystolicBP]'));
  });

  it('walks a sliced path and reports choice forms', async () => {
    const children = (await get('type=bp&path=component%5BSystolicBP%5D')).json() as Child[];
    const value = children.find((c) => c.name === 'value');
    expect(value).toMatchObject({ isChoice: true, jsonNames: ['valueQuantity'], types: ['Quantity'] });
    const patient = (await get('type=Patient')).json() as Child[];
    expect(patient.find((c) => c.name === 'deceased')?.jsonNames).toEqual([
      'deceasedBoolean',
      'deceasedDateTime',
    ]);
  });

  it('answers 400 and 404 precisely', async () => {
    expect((await get('path=a')).json()).toEqual({
      message: 'Query parameter type is required',
      code: 'MISSING_TYPE',
    });
    expect((await get('type=NoSuchThing')).statusCode).toBe(404);
    expect((await get('type=Patient&path=nope')).json().code).toBe('UNKNOWN_ELEMENT');
    expect((await get('type=Patient&path=a..b')).json().code).toBe('INVALID_PATH');
  });
});

describe('FHIR_CONTEXT_UNAVAILABLE: one status wherever the FHIR definitions are missing', () => {
  it('answers 422 with the reason, for element lookups and for FHIR XML input alike', async () => {
    const t = await createTestApp({
      FHIR_PACKAGES: 'no.such.package@9.9.9',
      FHIR_PACKAGE_REGISTRY_URL: 'http://127.0.0.1:9/',
    });
    try {
      await warmedUp(t.app);
      const lookup = await t.app.inject({ method: 'GET', url: '/fhir/elements?type=Patient' });
      expect(lookup.statusCode).toBe(422);
      expect(lookup.json()).toMatchObject({ code: 'FHIR_CONTEXT_UNAVAILABLE' });
      expect(lookup.json().message).toMatch(/^The FHIR package context failed to load: .*no\.such\.package/);
      const xml = await t.app.inject({
        method: 'POST',
        url: '/',
        payload: {
          mapx: '$',
          contentType: 'application/fhir+xml',
          input: '<Patient xmlns="http://hl7.org/fhir"/>',
        },
      });
      expect(xml.statusCode).toBe(422);
      expect(xml.json()).toMatchObject({ __isMapxError: true, code: 'FHIR_CONTEXT_UNAVAILABLE' });
    } finally {
      await t.close();
    }
  });
});
