import { fileURLToPath } from 'node:url';
import { runNormalizerConformance } from '@mapx/plugin-testkit/normalizer';
import plugin from '../src/index.js';

// the testkit's cases (test/cases/*.json) plus a seeded fuzz pass: no crash, no hang, no uncoded error
runNormalizerConformance(plugin, { casesDir: fileURLToPath(new URL('cases', import.meta.url)) });
