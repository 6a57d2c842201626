import { FhirClientError, type FhirRequestInfo } from './fhir-client-error.js';
import type {
  FhirBundle,
  FhirBundleEntry,
  FhirClient,
  FhirResource,
  SearchAllResult,
} from './fhir-client.js';
import { DEFAULT_FHIR_TIMEOUT_MS, type FhirClientOptions } from './fhir-client-options.js';
import { exchange, type Exchange, type ExchangeConfig } from './http-exchange.js';
import { isResourceId, isResourceType, splitTypeAndQuery, type SearchParams } from './search-params.js';
import { createUrlGuard, type UrlGuard } from './url-guard.js';

export const DEFAULT_MAX_RESULTS = 10_000;
const LITERAL_REFERENCE =
  /^([A-Z][A-Za-z0-9]*)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/([A-Za-z0-9\-.]{1,64}))?$/;

/** Creates a client for one FHIR server; see FhirClient. Throws TypeError on an unusable base URL. */
export function createFhirClient(options: FhirClientOptions): FhirClient {
  const guard = createUrlGuard(options.baseUrl);
  const config: ExchangeConfig = {
    timeoutMs: options.timeoutMs ?? DEFAULT_FHIR_TIMEOUT_MS,
    authorization:
      options.authType === 'BASIC'
        ? `Basic ${Buffer.from(`${options.username ?? ''}:${options.password ?? ''}`).toString('base64')}`
        : undefined,
  };
  const get = async (ref: string, info: Omit<FhirRequestInfo, 'method' | 'url'>): Promise<unknown> =>
    (await exchange(config, request(guard, 'GET', ref, info))).body;

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
      return asBundle((await exchange(config, ex)).body, guard, type);
    },
    searchPages: (typeWithQuery, params, opts) => searchPages(client, get, typeWithQuery, params, opts),
    searchAll: async (typeWithQuery, params, opts) => {
      const max = opts?.maxResults ?? DEFAULT_MAX_RESULTS;
      return collectEntries(client.searchPages(typeWithQuery, params, opts), max);
    },
    capabilities: async () => asResource(await get('metadata', {}), guard, 'metadata'),
    create: async (resource) => {
      checkTypeAndId(guard, resource.resourceType, undefined);
      return write(
        config,
        request(guard, 'POST', resource.resourceType, { resourceType: resource.resourceType }),
        resource,
      );
    },
    update: async (resource, opts) => {
      const id = resource.id ?? '';
      checkTypeAndId(guard, resource.resourceType, id);
      const ex = request(guard, 'PUT', `${resource.resourceType}/${id}`, {
        resourceType: resource.resourceType,
        id,
      });
      if (opts?.ifMatch)
        ex.headers = { 'if-match': opts.ifMatch.includes('"') ? opts.ifMatch : `W/"${opts.ifMatch}"` };
      return write(config, ex, resource);
    },
    delete: async (type, id) => {
      checkTypeAndId(guard, type, id);
      await exchange(config, request(guard, 'DELETE', `${type}/${id}`, { resourceType: type, id }));
    },
  };
  return client;
}

function request(
  guard: UrlGuard,
  method: Exchange['method'],
  ref: string,
  info: Omit<FhirRequestInfo, 'method' | 'url'>,
): Exchange {
  const url = guard.resolve(ref);
  if (!url) throw refused(guard, ref, 'the URL is not under the configured FHIR server base');
  return { method, url, info: { method, url: url.href, ...info } };
}

async function write(config: ExchangeConfig, ex: Exchange, resource: FhirResource) {
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

async function* searchPages(
  client: FhirClient,
  get: (ref: string, info: object) => Promise<unknown>,
  typeWithQuery: string,
  params: SearchParams | undefined,
  opts: { asPost?: boolean | undefined } | undefined,
): AsyncGenerator<FhirBundle> {
  let page = await client.search(typeWithQuery, params, opts);
  const seen = new Set<string>();
  while (true) {
    yield page;
    const next = page.link?.find((l) => l.relation === 'next')?.url;
    if (!next || seen.has(next)) return;
    seen.add(next);
    const type = splitTypeAndQuery(typeWithQuery).type;
    const body = await get(next, { resourceType: type });
    page = asBundle(body, { base: client.baseUrl }, type);
  }
}

async function collectEntries(pages: AsyncGenerator<FhirBundle>, max: number): Promise<SearchAllResult> {
  const entries: FhirBundleEntry[] = [];
  for await (const page of pages) {
    for (const entry of page.entry ?? []) {
      if (!entry.resource || entry.search?.mode === 'outcome') continue;
      if (entries.length >= max) {
        await pages.return(undefined);
        return { entries, truncated: true };
      }
      entries.push(entry);
    }
  }
  return { entries, truncated: false };
}

function checkTypeAndId(guard: UrlGuard, type: string, id: string | undefined): void {
  if (!isResourceType(type)) throw refused(guard, type, `"${type}" is not a resource type`);
  if (id !== undefined && !isResourceId(id))
    throw refused(guard, `${type}/${id}`, `"${id}" is not a resource id`);
}

function refused(guard: Pick<UrlGuard, 'base'>, ref: string, why: string): FhirClientError {
  return new FhirClientError(`Refused to fetch ${JSON.stringify(ref)}: ${why} (${guard.base})`, {
    kind: 'refused-url',
    request: { method: 'GET', url: ref.slice(0, 500) },
  });
}

function queryText(query: URLSearchParams): string {
  const text = query.toString();
  return text ? `?${text}` : '';
}

function asResource(body: unknown, guard: Pick<UrlGuard, 'base'>, what: string): FhirResource {
  if (typeof body === 'object' && body !== null && typeof (body as FhirResource).resourceType === 'string') {
    return body as FhirResource;
  }
  throw new FhirClientError(`${what} did not return a FHIR resource`, {
    kind: 'invalid-response',
    request: { method: 'GET', url: `${guard.base}/${what}` },
  });
}

function asBundle(body: unknown, guard: Pick<UrlGuard, 'base'>, type: string): FhirBundle {
  const resource = asResource(body, guard, type);
  if (resource.resourceType !== 'Bundle') {
    throw new FhirClientError(`search of ${type} did not return a Bundle`, {
      kind: 'invalid-response',
      request: { method: 'GET', url: `${guard.base}/${type}`, resourceType: type },
    });
  }
  return resource as FhirBundle;
}
