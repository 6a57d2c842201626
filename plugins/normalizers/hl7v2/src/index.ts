import { createRequire } from 'node:module';
import { HL7_V2_MEDIA_TYPES } from '@mapx/hl7v2';
import { defineNormalizer } from '@mapx/plugin-api';
import { createHl7v2Normalizer } from './create-hl7v2-normalizer.js';
import { hl7v2OptionsSchema, type Hl7v2Options } from './options.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** HL7 v2 ER7 messages (and batches) → JSON keyed by the `hl7-dictionary` names of the message's version. */
export default defineNormalizer<Hl7v2Options>({
  meta: {
    packageName: '@mapx/normalizer-hl7v2',
    version,
    id: 'hl7v2',
    apiVersion: 1,
    description: 'HL7 v2 (ER7) messages and batches to JSON',
  },
  optionsSchema: hl7v2OptionsSchema,
  optionsFromEnv: (env) =>
    env.MAPX_HL7V2_VERSION_FALLBACK ? { versionFallback: env.MAPX_HL7V2_VERSION_FALLBACK } : {},
  // the registered types (RFC-style and the er7 suffix) besides the name the reference engine uses
  mediaTypes: [...HL7_V2_MEDIA_TYPES],
  create: (options) => createHl7v2Normalizer(options),
});
