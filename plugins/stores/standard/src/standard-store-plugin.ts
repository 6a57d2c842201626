import { createRequire } from 'node:module';
import { PLUGIN_API_VERSION, defineStore } from '@mapx/plugin-api';
import { standardOptionsFromEnv, standardStoreOptionsSchema } from './options.js';
import { StandardStore } from './standard-store.js';

// src/ and dist/ both sit beside package.json, so the version is read from one place in either layout.
const manifest = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

/** The `standard` mapping store: the built-in HL7 v2 → FHIR mappings, on unless `MAPX_STANDARD_MAPPINGS=off`. */
export const standardStorePlugin = defineStore({
  meta: {
    packageName: manifest.name,
    version: manifest.version,
    id: 'standard',
    apiVersion: PLUGIN_API_VERSION,
    description: 'The standard HL7 v2 to FHIR R4 mappings and their ConceptMaps (read-only)',
  },
  optionsSchema: standardStoreOptionsSchema,
  optionsFromEnv: standardOptionsFromEnv,
  async create(options, ctx) {
    if (!options.enabled) return null;
    return new StandardStore(options.contentDir, ctx.logger);
  },
});
