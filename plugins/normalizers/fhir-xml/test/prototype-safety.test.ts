import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFhirContext } from '@mapx/fhir';
import { parseMediaType, type MediaType } from '@mapx/plugin-api';
import { createTestPluginContext, instantiateNormalizer } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

describe('fhir-xml: attribute names never reach a prototype', () => {
  it('__proto__ and constructor attributes are own data; Object.prototype is unchanged', async () => {
    const fhir = await loadFhirContext({
      fhirVersion: '4.0.1',
      packages: [],
      cacheDir: join(tmpdir(), 'mapx-normalizer-tests-fhir-cache'),
      registryUrl: 'n/a',
    });
    const normalizer = await instantiateNormalizer(plugin, {}, createTestPluginContext({ fhir: () => fhir }));
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const body =
      '<Patient xmlns="http://hl7.org/fhir"><name __proto__="p" constructor="c"><family value="A"/></name>' +
      '<birthDate id="x" value="2000-01-01"/></Patient>';
    const result = await normalizer.normalize({
      body,
      mediaType: parseMediaType('application/fhir+xml') as MediaType,
      raw: true,
    });
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const value = result.value as { name: Record<string, unknown>[] };
    expect(Object.getOwnPropertyDescriptor(value.name[0], '__proto__')?.value).toBe('p');
    expect(JSON.parse(JSON.stringify(value))).toEqual({
      resourceType: 'Patient',
      name: [{ ['__proto__']: 'p', constructor: 'c', family: 'A' }],
      birthDate: '2000-01-01',
      _birthDate: { id: 'x' },
    });
  });
});
