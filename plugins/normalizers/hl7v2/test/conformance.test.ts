import { fileURLToPath } from 'node:url';
import { runNormalizerConformance } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

runNormalizerConformance(plugin, {
  casesDir: fileURLToPath(new URL('./cases', import.meta.url)),
  fuzz: { iterations: 300, alphabet: '|^~\\&"\r\nMSHPIDOBXZ0123456789.+-' },
});
