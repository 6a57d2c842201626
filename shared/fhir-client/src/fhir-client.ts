import type { DeliverOptions, DeliveryInput, FhirDeliveryResult } from './delivery-result.js';
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

export interface PagingOptions extends SearchOptions {
  /** Stop with an `endless-paging` error after this many pages; default 10,000. */
  maxPages?: number | undefined;
  /** A `next` link seen before: `stop` ends the paging quietly (default), `fail` throws `endless-paging`. */
  onRepeatedLink?: 'stop' | 'fail' | undefined;
}

export interface SearchAllOptions extends PagingOptions {
  /** Stop after this many entries; default 10,000. */
  maxResults?: number | undefined;
}

export interface WriteOptions {
  /** A version id or an ETag (quoted as the server expects): the update applies only to that version. */
  ifMatch?: string | undefined;
  /** `*`: create only when absent (a conditional create through PUT). */
  ifNoneMatch?: string | undefined;
}

export interface PostOptions {
  /** Repeating the POST is harmless (e.g. a transaction of conditional or PUT entries): retry it like a GET. */
  idempotent?: boolean | undefined;
}

export interface SearchAllResult {
  /** Entries of every page, `search.mode = outcome` entries excluded, at most `maxResults`. */
  entries: FhirBundleEntry[];
  /** True when more results existed beyond `maxResults`. */
  truncated: boolean;
}

/**
 * A small FHIR REST client bound to one server base. Every method throws FhirClientError only; it never
 * fetches a URL outside the base (see url-guard.ts). Idempotent requests are retried after transient
 * failures (see retry-policy.ts).
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
    options?: PagingOptions,
  ): AsyncGenerator<FhirBundle>;
  searchAll(
    typeWithQuery: string,
    params?: SearchParams,
    options?: SearchAllOptions,
  ): Promise<SearchAllResult>;
  /** GET `Type/id/_history` (the first page; `count` becomes `_count`): the resource's versions as the server keeps them. */
  history(resourceType: string, id: string, options?: { count?: number | undefined }): Promise<FhirBundle>;
  capabilities(): Promise<FhirResource>;
  /** POST `Type`; not retried unless `options.idempotent`. */
  create(resource: FhirResource, options?: PostOptions): Promise<FhirWriteResult>;
  /** PUT `Type/id`, optionally conditional on the version (`ifMatch`) or on absence (`ifNoneMatch: '*'`). */
  update(resource: FhirResource, options?: WriteOptions): Promise<FhirWriteResult>;
  delete(resourceType: string, id: string, options?: Pick<WriteOptions, 'ifMatch'>): Promise<void>;
  /** POST a `transaction` or `batch` Bundle to the base; returns the response Bundle. */
  transaction(bundle: FhirBundle, options?: PostOptions): Promise<FhirBundle>;
  /**
   * Delivers a mapping result by the one rule set (docs/architecture.md, "Delivering a result"): a Bundle is
   * POSTed to the base, a resource PUT by id or POSTed to its type, an array item by item until the first
   * failure. Resolves with what was delivered or why not; never rejects for the result's or the server's fault.
   */
  deliver(result: DeliveryInput, options?: DeliverOptions): Promise<FhirDeliveryResult>;
}
