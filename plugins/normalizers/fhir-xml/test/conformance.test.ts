import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFhirContext } from '@mapx/fhir';
import { createTestPluginContext, runNormalizerConformance } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

runNormalizerConformance(plugin, {
  casesDir: fileURLToPath(new URL('./cases', import.meta.url)),
  context: async () => {
    const fhir = await loadFhirContext({
      fhirVersion: '4.0.1',
      packages: [],
      cacheDir: join(tmpdir(), 'mapx-normalizer-tests-fhir-cache'),
      registryUrl: 'n/a',
    });
    return createTestPluginContext({ fhir: () => fhir });
  },
  fuzz: { iterations: 300, alphabet: '<>/="\'&;#x!-[]?: \nvalue' },
});
