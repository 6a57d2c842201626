import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFhirContext, type FhirContext } from '../src/index.js';
import { createTestCache, removeTestCaches } from './helpers/r4-context.js';

/**
 * Real downloads through the default registry chain: packages.fhir.org (unreachable here: must fail fast) then
 * registry.npmjs.org. Each package is downloaded once, into a temp cache.
 */
describe('packages from the public registries (npm fallback)', () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'mapx-fhir-npm-'));
  afterAll(() => {
    rmSync(cacheDir, { recursive: true, force: true });
    removeTestCaches();
  });

  describe('hl7.fhir.r5.core as the core of FHIR 5.0.0', () => {
    let ctx: FhirContext;
    beforeAll(async () => {
      ctx = await loadFhirContext({ fhirVersion: '5.0.0', packages: [], cacheDir });
    }, 300_000);

    it('selects the R5 core package and serves R5 definitions', () => {
      expect(ctx.packages).toEqual([{ id: 'hl7.fhir.r5.core', version: '5.0.0' }]);
      const patient = ctx.getStructureDefinition('Patient');
      expect(patient?.['fhirVersion']).toBe('5.0.0');
      expect(patient?.snapshot?.element.map((e) => e.id)).toContain('Patient.link.other');
      expect(ctx.getStructureDefinition('ActorDefinition')?.kind).toBe('resource');
    });

    it('expands R5 value sets and answers membership', () => {
      expect(ctx.terminology.expansionSize('http://hl7.org/fhir/ValueSet/administrative-gender')).toBe(4);
      expect(ctx.terminology.lookup('administrative-gender', 'other')).toMatchObject({ status: 'member' });
    });
  });

  it('installs hl7.fhir.r4b.core for FHIR 4.3.0', async () => {
    const ctx = await loadFhirContext({ fhirVersion: '4.3.0', packages: [], cacheDir });
    expect(ctx.packages).toEqual([{ id: 'hl7.fhir.r4b.core', version: '4.3.0' }]);
    expect(ctx.getStructureDefinition('SubscriptionTopic')?.snapshot?.element.length).toBeGreaterThan(10);
  }, 300_000);

  describe('hl7.terminology.r4 on top of the embedded R4 core', () => {
    let ctx: FhirContext;
    beforeAll(async () => {
      const dir = await createTestCache();
      ctx = await loadFhirContext({
        fhirVersion: '4.0.1',
        packages: ['hl7.terminology.r4@7.0.1'],
        cacheDir: dir,
      });
    }, 300_000);

    it('resolves its dependencies, substituting the extensions version npm actually has', () => {
      const ids = ctx.packages.map((p) => `${p.id}@${p.version}`);
      expect(ids).toEqual([
        'hl7.fhir.r4.core@4.0.1',
        'hl7.fhir.uv.extensions.r4@5.3.0-ballot-tc1',
        'hl7.terminology.r4@7.0.1',
      ]);
      expect(ctx.key).toBe('hl7.fhir.r4.core@4.0.1,hl7.terminology.r4@7.0.1');
    });

    it('gives THO displays that core only references (v2-0203 MR)', () => {
      const info = ctx.resolveInfo('CodeSystem', 'http://terminology.hl7.org/CodeSystem/v2-0203');
      expect(info?.package).toBe('hl7.terminology.r4#7.0.1');
      const vs = ctx.resolveInfo('ValueSet', 'http://terminology.hl7.org/ValueSet/v2-0203');
      expect(vs).toBeDefined();
      expect(ctx.terminology.lookup('http://terminology.hl7.org/ValueSet/v2-0203', 'MR')).toMatchObject({
        status: 'member',
        concept: {
          system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
          display: 'Medical record number',
        },
      });
    });

    it('keeps core first for core definitions it does not shadow', () => {
      expect(ctx.resolveInfo('StructureDefinition', 'Patient')?.package).toBe('hl7.fhir.r4.core#4.0.1');
    });
  });
});
