import { authorizationHeader } from './credentials.js';
import type { FhirRequestInfo } from './fhir-client-error.js';
import type { FhirClient, FhirResource, FhirWriteResult } from './fhir-client.js';
import { deliver } from './deliver.js';
import { DEFAULT_FHIR_TIMEOUT_MS, type FhirClientOptions } from './fhir-client-options.js';
import { exchange, type Exchange, type ExchangeConfig } from './http-exchange.js';
import { checkTypeAndId, request } from './request-target.js';
import { asBundle, asResource, refused } from './responses.js';
import { retryPolicy } from './retry-policy.js';
import { isResourceType, splitTypeAndQuery } from './search-params.js';
import { collectEntries, searchPages, type PageFetcher } from './search-pages.js';
import { createUrlGuard, type UrlGuard } from './url-guard.js';

export { DEFAULT_MAX_RESULTS } from './search-pages.js';
const LITERAL_REFERENCE =
  /^([A-Z][A-Za-z0-9]*)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/([A-Za-z0-9\-.]{1,64}))?$/;

/** Creates a client for one FHIR server; see FhirClient. Throws TypeError on an unusable base URL. */
export function createFhirClient(options: FhirClientOptions): FhirClient {
  const guard = createUrlGuard(options.baseUrl);
  const config: ExchangeConfig = {
    timeoutMs: options.timeoutMs ?? DEFAULT_FHIR_TIMEOUT_MS,
    authorization: authorizationHeader(options),
    retry: retryPolicy(options.retry),
  };
  const get = async (ref: string, info: Omit<FhirRequestInfo, 'method' | 'url'>): Promise<unknown> =>
    (await exchange(config, request(guard, 'GET', ref, info))).body;
  const fetchPage: PageFetcher = {
    first: (typeWithQuery, params, opts) => client.search(typeWithQuery, params, opts),
    next: async (link, type) => {
      const url = options.reanchorNextLinks ? guard.reanchor(link) : guard.resolve(link);
      if (!url) throw refused(guard, link, 'the next link is not under the configured FHIR server base');
      return asBundle(await get(url.href, { resourceType: type }), guard, type);
    },
  };

  const client: FhirClient = {
    baseUrl: guard.base,
    read: async (type, id) => {
      checkTypeAndId(guard, type, id);
      return asResource(await get(`${type}/${id}`, { resourceType: type, id }), guard, `${type}/${id}`);
    },
    readReference: async (reference) => readReference(guard, get, reference),
    search: async (typeWithQuery, params, opts) => {
      const { type, query } = splitTypeAndQuery(typeWithQuery, params);
      if (!isResourceType(type)) throw refused(guard, typeWithQuery, `"${type}" is not a resource type`);
      if (!opts?.asPost)
        return asBundle(await get(`${type}${queryText(query)}`, { resourceType: type }), guard, type);
      const ex = request(guard, 'POST', `${type}/_search`, { resourceType: type });
      ex.body = query.toString();
      ex.headers = { 'content-type': 'application/x-www-form-urlencoded' };
      // A search changes nothing on the server: repeating it is harmless.
      ex.idempotent = true;
      return asBundle((await exchange(config, ex)).body, guard, type);
    },
    searchPages: (typeWithQuery, params, opts) => searchPages(fetchPage, typeWithQuery, params, opts),
    searchAll: async (typeWithQuery, params, opts) =>
      collectEntries(client.searchPages(typeWithQuery, params, opts), opts?.maxResults),
    history: async (type, id, opts) => {
      checkTypeAndId(guard, type, id);
      const query = opts?.count === undefined ? '' : `?_count=${Math.max(1, Math.trunc(opts.count))}`;
      return asBundle(await get(`${type}/${id}/_history${query}`, { resourceType: type, id }), guard, type);
    },
    capabilities: async () => asResource(await get('metadata', {}), guard, 'metadata'),
    create: async (resource, opts) => {
      checkTypeAndId(guard, resource.resourceType, undefined);
      const ex = request(guard, 'POST', resource.resourceType, { resourceType: resource.resourceType });
      ex.idempotent = opts?.idempotent;
      return write(config, ex, resource);
    },
    update: async (resource, opts) => {
      const id = resource.id ?? '';
      checkTypeAndId(guard, resource.resourceType, id);
      const ex = request(guard, 'PUT', `${resource.resourceType}/${id}`, {
        resourceType: resource.resourceType,
        id,
      });
      ex.headers = conditionHeaders(opts?.ifMatch, opts?.ifNoneMatch);
      return write(config, ex, resource);
    },
    delete: async (type, id, opts) => {
      checkTypeAndId(guard, type, id);
      const ex = request(guard, 'DELETE', `${type}/${id}`, { resourceType: type, id });
      ex.headers = conditionHeaders(opts?.ifMatch, undefined);
      await exchange(config, ex);
    },
    transaction: async (bundle, opts) => {
      const info = { method: 'POST', url: guard.base, resourceType: 'Bundle' };
      const ex: Exchange = { method: 'POST', url: new URL(guard.base), info, idempotent: opts?.idempotent };
      const res = await write(config, ex, bundle);
      return asBundle(res.resource, guard, 'Bundle');
    },
    deliver: (result, opts) => deliver(guard, config, result, opts),
  };
  return client;
}

function conditionHeaders(ifMatch: string | undefined, ifNoneMatch: string | undefined) {
  const headers: Record<string, string> = {};
  if (ifMatch) headers['if-match'] = ifMatch.includes('"') ? ifMatch : `W/"${ifMatch}"`;
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  return headers;
}

async function write(config: ExchangeConfig, ex: Exchange, resource: FhirResource): Promise<FhirWriteResult> {
  ex.body = JSON.stringify(resource);
  ex.headers = { ...ex.headers, 'content-type': 'application/fhir+json' };
  const res = await exchange(config, ex);
  const body = res.body as FhirResource | undefined;
  return { status: res.status, resource: body?.resourceType ? body : undefined, etag: res.etag };
}

async function readReference(
  guard: UrlGuard,
  get: (ref: string, info: object) => Promise<unknown>,
  reference: string,
) {
  const url = guard.resolve(reference);
  if (!url) throw refused(guard, reference, 'the reference is not under the configured FHIR server base');
  const relative = url.pathname.slice(new URL(guard.base).pathname.replace(/\/+$/, '').length + 1);
  const match = LITERAL_REFERENCE.exec(relative);
  if (!match || url.search) throw refused(guard, reference, 'not a literal reference of the form Type/id');
  const [, resourceType, id] = match as unknown as [string, string, string];
  return asResource(await get(relative, { resourceType, id }), guard, relative);
}

function queryText(query: URLSearchParams): string {
  const text = query.toString();
  return text ? `?${text}` : '';
}
