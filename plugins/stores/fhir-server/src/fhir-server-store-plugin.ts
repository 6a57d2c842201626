import { createRequire } from 'node:module';
import { PLUGIN_API_VERSION, defineStore } from '@mapx/plugin-api';
import { FhirServerStore } from './fhir-server-store.js';
import { fhirServerOptionsFromEnv, fhirServerStoreOptionsSchema } from './options.js';
import { createStoreFhirClient } from './store-fhir-client.js';

// src/ and dist/ both sit beside package.json, so the version is read from one place in either layout.
const manifest = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

/** The `fhir-server` mapping store: StructureMaps and ConceptMaps on `FHIR_SERVER_BASE` (mapping-language §9.7). */
export const fhirServerStorePlugin = defineStore({
  meta: {
    packageName: manifest.name,
    version: manifest.version,
    id: 'fhir-server',
    apiVersion: PLUGIN_API_VERSION,
    description: 'Saved mappings as StructureMaps, aliases and ConceptMaps on a FHIR server',
  },
  optionsSchema: fhirServerStoreOptionsSchema,
  optionsFromEnv: fhirServerOptionsFromEnv,
  create(options, ctx) {
    const { baseUrl } = options;
    if (baseUrl === undefined) return Promise.resolve(null);
    const client = createStoreFhirClient({ ...options, baseUrl });
    return Promise.resolve(new FhirServerStore({ ...options, baseUrl }, client, ctx.logger));
  },
});
