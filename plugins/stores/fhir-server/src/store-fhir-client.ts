import { createFhirClient, type FhirClient } from '@mapx/fhir-client';
import type { FhirServerStoreOptions } from './options.js';

/**
 * The store's FHIR client: the shared one, with `next` links re-anchored on the base (a server behind a proxy
 * often reports its internal address in them). Errors are turned into StoreErrors at the store's edge
 * (store-errors.ts).
 */
export function createStoreFhirClient(
  options: FhirServerStoreOptions & { readonly baseUrl: string },
): FhirClient {
  return createFhirClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    authType: options.authType,
    username: options.username,
    password: options.password,
    reanchorNextLinks: true,
  });
}
