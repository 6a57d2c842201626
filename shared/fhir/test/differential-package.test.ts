import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirContext, FhirElementDefinition } from '../src/index.js';
import { createTestCache, loadOfflineR4 } from './helpers/r4-context.js';
import { writeCachedPackage } from './helpers/write-package.js';
import {
  complexExtension,
  fixedSystemIdentifier,
  heightObservation,
  testPatient,
  testPatientChild,
} from './helpers/differential-profiles.js';

const shadowGender = {
  resourceType: 'ValueSet',
  id: 'administrative-gender',
  url: 'http://example.org/fhir/ValueSet/administrative-gender',
  name: 'ShadowGender',
  status: 'active',
  compose: {
    include: [{ system: 'http://hl7.org/fhir/administrative-gender', concept: [{ code: 'other' }] }],
  },
};

describe('a package of differential-only profiles in the cache', () => {
  let ctx: FhirContext;
  let dispose: () => void;
  beforeAll(async () => {
    const cacheDir = await createTestCache();
    writeCachedPackage(
      cacheDir,
      { name: 'test.pkg', version: '0.1.0', dependencies: { 'hl7.fhir.r4.core': '4.0.1' } },
      [
        complexExtension,
        fixedSystemIdentifier,
        testPatient,
        testPatientChild,
        heightObservation,
        shadowGender,
      ],
    );
    ({ ctx, dispose } = await loadOfflineR4(['test.pkg@0.1.0'], cacheDir));
  });
  afterAll(() => dispose());

  const el = (sd: string, id: string): FhirElementDefinition | undefined =>
    ctx.getStructureDefinition(sd)?.snapshot?.element.find((e) => e.id === id);

  it('puts the requested package in the context and its key', () => {
    expect(ctx.packages).toEqual([
      { id: 'hl7.fhir.r4.core', version: '4.0.1' },
      { id: 'test.pkg', version: '0.1.0' },
    ]);
    expect(ctx.key).toBe('hl7.fhir.r4.core@4.0.1,test.pkg@0.1.0');
  });

  it('finds the profiles by id, name and canonical URL and lists them with their package', () => {
    const byUrl = ctx.getStructureDefinition('http://example.org/fhir/StructureDefinition/test-patient');
    expect(ctx.getStructureDefinition('test-patient')).toBe(byUrl);
    expect(ctx.getStructureDefinition('TestPatient')).toBe(byUrl);
    expect(ctx.listStructureDefinitions().find((s) => s.id === 'test-patient')).toMatchObject({
      package: 'test.pkg#0.1.0',
      derivation: 'constraint',
      type: 'Patient',
    });
  });

  it('generates a snapshot with the fixed identifier system inside the slice', () => {
    const ids = ctx.getStructureDefinition('test-patient')?.snapshot?.element.map((e) => e.id) ?? [];
    const head = ids.indexOf('Patient.identifier');
    expect(ids.slice(head, head + 3)).toEqual([
      'Patient.identifier',
      'Patient.identifier:mrn',
      'Patient.identifier:mrn.id',
    ]);
    expect(el('test-patient', 'Patient.identifier')).toMatchObject({
      min: 1,
      max: '*',
      slicing: { rules: 'open' },
    });
    expect(el('test-patient', 'Patient.identifier:mrn')).toMatchObject({
      sliceName: 'mrn',
      min: 1,
      max: '1',
    });
    expect(el('test-patient', 'Patient.identifier:mrn.system')).toMatchObject({
      path: 'Patient.identifier.system',
      min: 1,
      fixedUri: 'http://example.org/mrn',
      base: { path: 'Identifier.system', min: 0, max: '1' },
    });
    expect(el('test-patient', 'Patient.identifier:mrn.type')?.['patternCodeableConcept']).toEqual({
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
    });
    // the unsliced identifier keeps the base definition of system
    expect(el('test-patient', 'Patient.identifier.system')?.['fixedUri']).toBeUndefined();
  });

  it('types a slice with a datatype profile and unfolds its children from that profile', () => {
    expect(el('test-patient', 'Patient.identifier:other')?.type).toEqual([
      {
        code: 'Identifier',
        profile: ['http://example.org/fhir/StructureDefinition/fixed-system-identifier'],
      },
    ]);
    const snapshot = ctx.getStructureDefinition('fixed-system-identifier')?.snapshot?.element ?? [];
    expect(snapshot.find((e) => e.id === 'Identifier.system')).toMatchObject({
      min: 1,
      fixedUri: 'http://example.org/ids',
    });
  });

  it('gives the complex extension slices, fixed urls and typed values', () => {
    const ext = ctx.getStructureDefinition('ext-complex')?.snapshot?.element.map((e) => e.id) ?? [];
    expect(ext).toContain('Extension.extension:code.value[x]');
    expect(ext.indexOf('Extension.extension:note')).toBeGreaterThan(
      ext.indexOf('Extension.extension:code.value[x]'),
    );
    expect(el('ext-complex', 'Extension.extension:code.url')?.['fixedUri']).toBe('code');
    expect(el('ext-complex', 'Extension.extension:code.value[x]')?.type).toEqual([{ code: 'Coding' }]);
    expect(el('ext-complex', 'Extension.extension:note')).toMatchObject({ min: 0, max: '*' });
    expect(el('ext-complex', 'Extension.value[x]')?.max).toBe('0');
    expect(el('ext-complex', 'Extension.url')?.['fixedUri']).toBe(
      'http://example.org/fhir/StructureDefinition/ext-complex',
    );
  });

  it('adds the default url slicing to extension and types the extension slice with its profile', () => {
    expect(el('test-patient', 'Patient.extension')?.slicing).toEqual({
      discriminator: [{ type: 'value', path: 'url' }],
      ordered: false,
      rules: 'open',
    });
    expect(el('test-patient', 'Patient.extension:complex')).toMatchObject({
      min: 0,
      max: '1',
      sliceName: 'complex',
    });
  });

  it('applies type constraints, cardinality and bindings', () => {
    expect(el('test-patient', 'Patient.deceased[x]')?.type).toEqual([{ code: 'boolean' }]);
    expect(el('test-patient', 'Patient.gender')?.min).toBe(1);
    expect(el('test-patient', 'Patient.maritalStatus')?.['binding']).toEqual({
      strength: 'required',
      valueSet: 'http://example.org/fhir/ValueSet/marital-small',
    });
  });

  it('builds a profile on a differential-only profile (snapshot of the parent generated first)', () => {
    expect(el('test-patient-child', 'Patient.identifier:mrn.system')?.['fixedUri']).toBe(
      'http://example.org/mrn',
    );
    expect(el('test-patient-child', 'Patient.identifier:mrn.period')?.max).toBe('0');
    expect(el('test-patient-child', 'Patient.birthDate')?.min).toBe(1);
  });

  it('handles SUSHI-style type slices and choice renames in place', () => {
    expect(el('test-height', 'Observation.value[x]:valueQuantity')).toMatchObject({
      min: 1,
      type: [{ code: 'Quantity' }],
    });
    expect(el('test-height', 'Observation.value[x]:valueQuantity.code')?.['fixedCode']).toBe('cm');
    expect(el('test-height', 'Observation.component.value[x].unit')?.min).toBe(1);
  });

  it('prefers the requested package over core for an id both define, and resolves core by URL', () => {
    expect(ctx.resolve('ValueSet', 'administrative-gender')?.['url']).toBe(
      'http://example.org/fhir/ValueSet/administrative-gender',
    );
    expect(ctx.resolve('ValueSet', 'http://hl7.org/fhir/ValueSet/administrative-gender')?.['id']).toBe(
      'administrative-gender',
    );
    expect(ctx.resolveInfo('ValueSet', 'administrative-gender', 'hl7.fhir.r4.core#4.0.1')?.package).toBe(
      'hl7.fhir.r4.core#4.0.1',
    );
  });
});
