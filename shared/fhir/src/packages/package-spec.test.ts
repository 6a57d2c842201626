import { describe, expect, it } from 'vitest';
import { FhirContextError } from '../errors.js';
import { corePackageFor, parsePackageSpec } from './package-spec.js';
import { pickVersion } from './package-resolver.js';

describe('package specs', () => {
  it('parses id@version, id#version and bare ids (latest)', () => {
    expect(parsePackageSpec('hl7.fhir.us.core@6.1.0')).toEqual({ id: 'hl7.fhir.us.core', range: '6.1.0' });
    expect(parsePackageSpec(' de.basisprofil.r4#1.4.0 ')).toEqual({
      id: 'de.basisprofil.r4',
      range: '1.4.0',
    });
    expect(parsePackageSpec('hl7.terminology.r4')).toEqual({ id: 'hl7.terminology.r4', range: 'latest' });
    expect(() => parsePackageSpec('bad id@1')).toThrow(FhirContextError);
    expect(() => parsePackageSpec('x@')).toThrow(FhirContextError);
  });

  it('maps FHIR versions to their core packages', () => {
    expect(corePackageFor('4.0.1')).toEqual({ id: 'hl7.fhir.r4.core', range: '4.0.1' });
    expect(corePackageFor('4.3.0')).toEqual({ id: 'hl7.fhir.r4b.core', range: '4.3.0' });
    expect(corePackageFor('5.0.0')).toEqual({ id: 'hl7.fhir.r5.core', range: '5.0.0' });
    expect(() => corePackageFor('4.1.0')).toThrow(/Unsupported FHIR version/);
  });

  it('picks exact versions, dist-tag latest and the highest version in a range', () => {
    const v = (version: string) => [version, { version, tarball: '' }] as const;
    const p = { latest: '1.1.0', versions: new Map([v('1.0.0'), v('1.1.0'), v('2.0.0-ballot')]) };
    expect(pickVersion(p, '1.0.0')).toBe('1.0.0');
    expect(pickVersion(p, 'latest')).toBe('1.1.0');
    expect(pickVersion(p, '^1.0.0')).toBe('1.1.0');
    expect(pickVersion(p, '2.0.0-ballot')).toBe('2.0.0-ballot');
    expect(pickVersion(p, '3.0.0')).toBeUndefined();
  });
});
