export { createFhirClient, DEFAULT_MAX_RESULTS } from './create-fhir-client.js';
export type {
  FhirBundle,
  FhirBundleEntry,
  FhirClient,
  FhirResource,
  FhirWriteResult,
  SearchAllOptions,
  SearchAllResult,
  SearchOptions,
} from './fhir-client.js';
export {
  FhirClientError,
  isFhirClientError,
  type FhirClientErrorKind,
  type FhirRequestInfo,
} from './fhir-client-error.js';
export {
  DEFAULT_FHIR_TIMEOUT_MS,
  fhirClientOptionsFromEnv,
  type FhirClientOptions,
} from './fhir-client-options.js';
export { queryToObject, splitTypeAndQuery, type SearchParams } from './search-params.js';
