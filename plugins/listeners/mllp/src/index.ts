import { createRequire } from 'node:module';
import { defineListener } from '@mapx/plugin-api';
import { createMllpListener } from './create-listener.js';
import { mllpOptionsFromEnv, mllpOptionsSchema, type MllpOptions } from './options.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** HL7 v2 over MLLP: routed by MSH-9 to saved mappings, acknowledged, delivered to FHIR (docs/mllp.md). */
export default defineListener<MllpOptions>({
  meta: {
    packageName: '@mapx/listener-mllp',
    version,
    id: 'mllp',
    apiVersion: 1,
    description: 'HL7 v2 over MLLP (TCP/TLS): map, deliver to a FHIR server, acknowledge',
  },
  optionsSchema: mllpOptionsSchema,
  optionsFromEnv: mllpOptionsFromEnv,
  create: async (options, ctx) => createMllpListener(options, ctx),
});
