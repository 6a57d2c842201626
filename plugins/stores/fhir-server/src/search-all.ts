import { StoreError } from '@mapx/plugin-api';
import type { FhirHttpClient } from './fhir-http-client.js';
import type { FhirResource } from './fhir-types.js';

/** Guards against servers whose `next` links loop. */
const MAX_PAGES = 10_000;

interface SearchBundle {
  readonly resourceType?: string;
  readonly entry?: readonly {
    readonly resource?: FhirResource;
    readonly search?: { readonly mode?: string };
  }[];
  readonly link?: readonly { readonly relation?: string; readonly url?: string }[];
}

/** Runs a search and follows `next` links; returns the matching resources of every page. */
export async function searchAll(client: FhirHttpClient, query: string): Promise<FhirResource[]> {
  const resources: FhirResource[] = [];
  const visited = new Set<string>();
  let target: string | undefined = query;
  while (target !== undefined) {
    if (visited.has(target) || visited.size >= MAX_PAGES) {
      throw new StoreError(
        'STORE_UNAVAILABLE',
        `FHIR server search ${query.split('?')[0]}: paging does not end`,
      );
    }
    visited.add(target);
    const req = { method: 'GET', target } as const;
    const res = await client.request(req);
    const bundle = res.body as SearchBundle | undefined;
    if (res.status !== 200 || bundle?.resourceType !== 'Bundle') throw client.unexpected(req, res);
    for (const entry of bundle.entry ?? []) {
      const mode = entry.search?.mode;
      if (entry.resource && (mode === undefined || mode === 'match')) resources.push(entry.resource);
    }
    const next = bundle.link?.find((l) => l.relation === 'next')?.url;
    target = next === undefined ? undefined : underBase(next, client.baseUrl, query);
  }
  return resources;
}

/**
 * Credentials go to the configured server only. A `next` link on another origin whose path lies under the base
 * path (a server behind a proxy that reports its internal address) is re-anchored on the base; anything else is
 * refused.
 */
function underBase(link: string, baseUrl: string, query: string): string {
  const base = new URL(baseUrl);
  const url = URL.canParse(link)
    ? new URL(link)
    : URL.canParse(link, `${baseUrl}/`)
      ? new URL(link, `${baseUrl}/`)
      : undefined;
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`) || basePath === '')) {
    if (url.origin === base.origin) return url.href;
    return `${base.origin}${url.pathname}${url.search}`;
  }
  throw new StoreError(
    'STORE_UNAVAILABLE',
    `FHIR server search ${query.split('?')[0]}: a next link points outside the server's base URL`,
  );
}
