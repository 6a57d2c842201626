import { StoreError } from '@mapx/plugin-api';
import { isFhirClientError, type FhirClient } from '@mapx/fhir-client';
import type { FhirResource } from './fhir-types.js';
import { toStoreError } from './store-errors.js';

/** Guards against servers whose `next` links loop. */
const MAX_PAGES = 10_000;

/** Runs a search and follows `next` links; returns the matching resources of every page. */
export async function searchAll(client: FhirClient, query: string): Promise<FhirResource[]> {
  const resources: FhirResource[] = [];
  const type = query.split('?')[0];
  try {
    const pages = client.searchPages(query, undefined, { maxPages: MAX_PAGES, onRepeatedLink: 'fail' });
    for await (const bundle of pages) {
      for (const entry of bundle.entry ?? []) {
        const mode = entry.search?.mode;
        if (entry.resource && (mode === undefined || mode === 'match')) resources.push(entry.resource);
      }
    }
  } catch (error) {
    if (isFhirClientError(error) && error.kind === 'refused-url') {
      throw new StoreError(
        'STORE_UNAVAILABLE',
        `FHIR server search ${type}: a next link points outside the server's base URL`,
      );
    }
    if (isFhirClientError(error) && error.kind === 'endless-paging') {
      throw new StoreError('STORE_UNAVAILABLE', `FHIR server search ${type}: paging does not end`);
    }
    throw toStoreError(error, client.baseUrl);
  }
  return resources;
}
