export type SearchParamValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type SearchParams = Readonly<Record<string, SearchParamValue | unknown>>;

/** `Patient?name=John` → `{ type: 'Patient', query: URLSearchParams }`; `params` add to the inline query. */
export function splitTypeAndQuery(
  typeWithQuery: string,
  params?: SearchParams,
): { type: string; query: URLSearchParams } {
  const q = typeWithQuery.indexOf('?');
  const type = (q < 0 ? typeWithQuery : typeWithQuery.slice(0, q)).trim();
  const query = new URLSearchParams(q < 0 ? '' : typeWithQuery.slice(q + 1));
  for (const [key, value] of Object.entries(params ?? {})) appendParam(query, key, value);
  return { type, query };
}

function appendParam(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(query, key, item);
    return;
  }
  query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** The query as a plain object (repeated keys become arrays), for diagnostics such as F5211. */
export function queryToObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of query) {
    const prev = out[key];
    out[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return out;
}

const RESOURCE_TYPE = /^[A-Z][A-Za-z0-9]{0,63}$/;
const RESOURCE_ID = /^[A-Za-z0-9\-.]{1,64}$/;

export function isResourceType(s: string): boolean {
  return RESOURCE_TYPE.test(s);
}

export function isResourceId(s: string): boolean {
  return RESOURCE_ID.test(s) && s !== '.' && s !== '..';
}
