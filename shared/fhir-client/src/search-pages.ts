import { FhirClientError } from './fhir-client-error.js';
import type {
  FhirBundle,
  FhirBundleEntry,
  PagingOptions,
  SearchAllResult,
  SearchOptions,
} from './fhir-client.js';
import { splitTypeAndQuery, type SearchParams } from './search-params.js';

export const DEFAULT_MAX_RESULTS = 10_000;
export const DEFAULT_MAX_PAGES = 10_000;

/** How searchPages gets the first page and each page behind a `next` link (guarded by the client). */
export interface PageFetcher {
  first(
    typeWithQuery: string,
    params: SearchParams | undefined,
    opts: SearchOptions | undefined,
  ): Promise<FhirBundle>;
  next(link: string, type: string): Promise<FhirBundle>;
}

/** The first page, then every page behind a `next` link; bounded by `maxPages`, and by repeated links. */
export async function* searchPages(
  fetcher: PageFetcher,
  typeWithQuery: string,
  params: SearchParams | undefined,
  opts: PagingOptions | undefined,
): AsyncGenerator<FhirBundle> {
  const type = splitTypeAndQuery(typeWithQuery).type;
  const maxPages = opts?.maxPages ?? DEFAULT_MAX_PAGES;
  let page = await fetcher.first(typeWithQuery, params, opts);
  const seen = new Set<string>();
  while (true) {
    yield page;
    const next = page.link?.find((l) => l.relation === 'next')?.url;
    if (!next) return;
    if (seen.has(next) && opts?.onRepeatedLink !== 'fail') return;
    if (seen.has(next) || seen.size + 1 >= maxPages) throw endless(type, next);
    seen.add(next);
    page = await fetcher.next(next, type);
  }
}

function endless(type: string, link: string): FhirClientError {
  return new FhirClientError(`search of ${type}: paging does not end`, {
    kind: 'endless-paging',
    request: { method: 'GET', url: link.slice(0, 500), resourceType: type },
  });
}

/** Entries of every page (outcome entries excluded), at most `max`. */
export async function collectEntries(
  pages: AsyncGenerator<FhirBundle>,
  max = DEFAULT_MAX_RESULTS,
): Promise<SearchAllResult> {
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
