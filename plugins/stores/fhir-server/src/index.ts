import { fhirServerStorePlugin } from './fhir-server-store-plugin.js';

export default fhirServerStorePlugin;
export type { FhirServerStoreOptions } from './options.js';
