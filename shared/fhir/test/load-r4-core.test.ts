import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFhirContext, type FhirContext } from '../src/index.js';

const NO_NETWORK = { registryUrl: 'n/a' };

describe('loadFhirContext with the embedded R4 core package', () => {
  let cacheDir: string;
  let ctx: FhirContext;

  beforeAll(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'mapx-fhir-r4-'));
    ctx = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir, ...NO_NETWORK });
  });
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('installs the shipped core package into the cache with the standard layout', () => {
    const manifest = JSON.parse(
      readFileSync(join(cacheDir, 'hl7.fhir.r4.core#4.0.1', 'package', 'package.json'), 'utf8'),
    );
    expect(manifest).toMatchObject({ name: 'hl7.fhir.r4.core', version: '4.0.1' });
    expect(existsSync(join(cacheDir, 'hl7.fhir.r4.core#4.0.1', 'package', '.mapx.index.json'))).toBe(true);
  });

  it('exposes the context packages and a stable key', () => {
    expect(ctx.packages).toEqual([{ id: 'hl7.fhir.r4.core', version: '4.0.1' }]);
    expect(ctx.key).toBe('hl7.fhir.r4.core@4.0.1');
    expect(ctx.fhirVersion).toBe('4.0.1');
  });

  it('finds StructureDefinitions by id, name and canonical URL, with the published snapshot', () => {
    const patient = ctx.getStructureDefinition('Patient');
    expect(patient?.snapshot?.element).toHaveLength(45);
    const byId = ctx.getStructureDefinition('bp');
    expect(byId?.url).toBe('http://hl7.org/fhir/StructureDefinition/bp');
    expect(byId?.snapshot?.element).toHaveLength(131);
    expect(ctx.getStructureDefinition('http://hl7.org/fhir/StructureDefinition/bp')).toBe(byId);
    expect(ctx.getStructureDefinition('http://hl7.org/fhir/StructureDefinition/bp|4.0.1')).toBe(byId);
    expect(ctx.getStructureDefinition('observation-bp')).toBe(byId);
    expect(ctx.getStructureDefinition('NoSuchThing')).toBeUndefined();
  });

  it('resolves other conformance resources by type', () => {
    const vs = ctx.resolve('ValueSet', 'http://hl7.org/fhir/ValueSet/administrative-gender');
    expect(vs?.['id']).toBe('administrative-gender');
    expect(ctx.resolve('ConceptMap', 'v2.AdministrativeGender')?.['id']).toBe('cm-administrative-gender-v2');
    expect(ctx.resolveInfo('CodeSystem', 'administrative-gender')).toMatchObject({
      url: 'http://hl7.org/fhir/administrative-gender',
      package: 'hl7.fhir.r4.core#4.0.1',
    });
  });

  it('lists every StructureDefinition with its kind and derivation', () => {
    const list = ctx.listStructureDefinitions();
    expect(list).toHaveLength(655);
    expect(list.find((s) => s.id === 'bp')).toMatchObject({
      kind: 'resource',
      type: 'Observation',
      derivation: 'constraint',
    });
    expect(list.filter((s) => s.type === 'Extension' && s.derivation === 'constraint')).toHaveLength(393);
  });

  it('starts warm from the persisted index without re-extracting', async () => {
    const again = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir, ...NO_NETWORK });
    expect(again.getStructureDefinition('HumanName')?.kind).toBe('complex-type');
    expect(again.key).toBe(ctx.key);
  });
});
