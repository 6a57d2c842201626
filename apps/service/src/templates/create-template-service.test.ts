import type { FhirContext } from '@mapx/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateService } from './create-template-service.js';
import type { TemplateFhirSource } from './template-types.js';
import { loadR4Context } from './test-support/load-r4-context.js';

describe('createTemplateService with the R4 core context', () => {
  let fhir: FhirContext;
  let dispose: () => void;
  beforeAll(async () => ({ fhir, dispose } = await loadR4Context()));
  afterAll(() => dispose());

  const ids = (type: string | undefined) => {
    const result = createTemplateService().listIds(fhir, type);
    if (!result.ok) throw new Error(result.message);
    return result.value;
  };

  it('lists resource profiles, base resources, data types and extensions apart', () => {
    expect(ids('profile')).toEqual(expect.arrayContaining(['bp', 'vitalsigns', 'bodyweight', 'heartrate']));
    expect(ids('profile')).not.toContain('Observation');
    expect(ids('resource')).toEqual(expect.arrayContaining(['Patient', 'Observation', 'Bundle']));
    expect(ids('resource')).not.toContain('bp');
    expect(ids('datatype')).toEqual(
      expect.arrayContaining(['string', 'CodeableConcept', 'Extension', 'SimpleQuantity']),
    );
    expect(ids('datatype')).not.toContain('patient-birthPlace');
    expect(ids('extension')).toEqual(expect.arrayContaining(['patient-birthPlace', 'patient-nationality']));
    expect(ids('extension')).not.toContain('Extension');
  });

  it('returns sorted, de-duplicated lists with the R4 core counts and no logical models', () => {
    const all = ['profile', 'resource', 'datatype', 'extension'].map(ids);
    for (const list of all) expect(list).toEqual([...new Set(list)].sort());
    // R4 core 4.0.1: 43 resource profiles; 148 resources (Resource included); 20 primitive + 41 complex
    // (Element and Extension included) + 5 data-type profiles; 393 extension definitions
    expect(all.map((list) => list.length)).toEqual([43, 148, 66, 393]);
    expect(all.flat()).not.toContain('Definition');
  });

  it('answers [] without a type and an error for an unknown type', () => {
    const service = createTemplateService();
    expect(service.listIds(fhir, undefined)).toEqual({ ok: true, value: [] });
    expect(service.listIds(fhir, 'logical')).toMatchObject({ ok: false, code: 'TEMPLATE_TYPE_INVALID' });
  });

  it('finds a template by id, name or canonical URL', () => {
    const service = createTemplateService();
    const byId = service.getTemplate(fhir, 'bp');
    expect(byId.ok && byId.value).toContain('InstanceOf: bp\n');
    expect(service.getTemplate(fhir, 'observation-bp')).toEqual(byId);
    expect(service.getTemplate(fhir, 'http://hl7.org/fhir/StructureDefinition/bp')).toEqual(byId);
  });

  it('reports missing, unknown and logical-model ids as values', () => {
    const service = createTemplateService();
    expect(service.getTemplate(fhir, ' ')).toMatchObject({ ok: false, code: 'TEMPLATE_ID_MISSING' });
    expect(service.getTemplate(fhir, 'NoSuchThing')).toMatchObject({ ok: false, code: 'TEMPLATE_NOT_FOUND' });
    expect(service.getTemplate(fhir, 'Definition')).toMatchObject({
      ok: false,
      code: 'TEMPLATE_NOT_SUPPORTED',
    });
  });

  it('serves a cached template without asking the context again', () => {
    let lookups = 0;
    const counting: TemplateFhirSource = {
      getStructureDefinition: (id) => (lookups++, fhir.getStructureDefinition(id)),
      listStructureDefinitions: () => fhir.listStructureDefinitions(),
    };
    const service = createTemplateService();
    const first = service.getTemplate(counting, 'Patient');
    const second = service.getTemplate(counting, 'Patient');
    expect(second).toEqual(first);
    expect(lookups).toBe(1);
  });
});
