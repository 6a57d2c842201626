import type { SearchParams } from './search-params.js';

export interface FhirResource {
  resourceType: string;
  id?: string;
  [key: string]: unknown;
}

export interface FhirBundleEntry {
  fullUrl?: string;
  resource?: FhirResource;
  search?: { mode?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface FhirBundle extends FhirResource {
  total?: number;
  link?: { relation: string; url: string }[];
  entry?: FhirBundleEntry[];
}

export interface FhirWriteResult {
  status: number;
  resource: FhirResource | undefined;
  etag: string | undefined;
}

export interface SearchOptions {
  /** POST `Type/_search` with a form body instead of GET. */
  asPost?: boolean | undefined;
}

export interface SearchAllOptions extends SearchOptions {
  /** Stop after this many entries; default 10,000. */
  maxResults?: number | undefined;
}

export interface SearchAllResult {
  /** Entries of every page, `search.mode = outcome` entries excluded, at most `maxResults`. */
  entries: FhirBundleEntry[];
  /** True when more results existed beyond `maxResults`. */
  truncated: boolean;
}

/**
 * A small FHIR REST client bound to one server base. Every method throws FhirClientError only; it never
 * fetches a URL outside the base (see url-guard.ts).
 */
export interface FhirClient {
  readonly baseUrl: string;
  read(resourceType: string, id: string): Promise<FhirResource>;
  /** A literal reference `Type/id[/_history/vid]`, or an absolute URL under the base. */
  readReference(reference: string): Promise<FhirResource>;
  /** `typeWithQuery` may carry a query string (`Patient?name=x`); `params` are added to it. */
  search(typeWithQuery: string, params?: SearchParams, options?: SearchOptions): Promise<FhirBundle>;
  /** The first page, then every page reached through `next` links (which must stay under the base). */
  searchPages(
    typeWithQuery: string,
    params?: SearchParams,
    options?: SearchOptions,
  ): AsyncGenerator<FhirBundle>;
  searchAll(
    typeWithQuery: string,
    params?: SearchParams,
    options?: SearchAllOptions,
  ): Promise<SearchAllResult>;
  capabilities(): Promise<FhirResource>;
  create(resource: FhirResource): Promise<FhirWriteResult>;
  /** PUT `Type/id`; `ifMatch` is a version id or an ETag (quoted as the server expects). */
  update(resource: FhirResource, options?: { ifMatch?: string | undefined }): Promise<FhirWriteResult>;
  delete(resourceType: string, id: string): Promise<void>;
}
