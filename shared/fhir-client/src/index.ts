export { createFhirClient, DEFAULT_MAX_RESULTS } from './create-fhir-client.js';
export { DEFAULT_MAX_PAGES } from './search-pages.js';
export { DEFAULT_RETRY } from './retry-policy.js';
export type {
  FhirBundle,
  FhirBundleEntry,
  FhirClient,
  FhirResource,
  FhirWriteResult,
  PagingOptions,
  PostOptions,
  SearchAllOptions,
  SearchAllResult,
  SearchOptions,
  WriteOptions,
} from './fhir-client.js';
export {
  DEFAULT_DELIVERY_MAX_RESPONSE_BYTES,
  type DeliveredRequest,
  type DeliverOptions,
  type DeliveryInput,
  type FailedEntry,
  type FhirDelivered,
  type FhirDeliveryFailure,
  type FhirDeliveryFailureReason,
  type FhirDeliveryResult,
} from './delivery-result.js';
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
  type RetryOptions,
} from './fhir-client-options.js';
export {
  isResourceId,
  isResourceType,
  queryToObject,
  splitTypeAndQuery,
  type SearchParams,
} from './search-params.js';
