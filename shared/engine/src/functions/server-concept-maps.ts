import { type FhirClient, type FhirResource, isResourceId } from '@mapx/fhir-client';

/** ConceptMaps read from the FHIR server by url, id or name, cached; `flush()` is called by POST /$recache. */
export interface ServerConceptMapSource {
  get(key: string): Promise<FhirResource | undefined>;
  flush(): void;
}

export interface ServerConceptMapOptions {
  client: FhirClient;
  /** How long a lookup (found or not) is reused; default 30 s, like the reference's polling interval. */
  ttlMs?: number | undefined;
  now?: (() => number) | undefined;
}

export function createServerConceptMapSource(options: ServerConceptMapOptions): ServerConceptMapSource {
  const ttl = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; value: Promise<FhirResource | undefined> }>();
  return {
    get(key) {
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const value = lookup(options.client, key);
      cache.set(key, { expires: now() + ttl, value });
      value.catch(() => cache.delete(key));
      return value;
    },
    flush: () => cache.clear(),
  };
}

/** `?url=`, then `ConceptMap/<id>`, then `?name=` (§6.4); matches are re-checked exactly client-side. */
async function lookup(client: FhirClient, key: string): Promise<FhirResource | undefined> {
  const byUrl = await searchExact(client, 'url', key);
  if (byUrl) return byUrl;
  if (isResourceId(key)) {
    const byId = await client.read('ConceptMap', key).catch((err: unknown) => {
      if ((err as { status?: unknown }).status === 404 || (err as { status?: unknown }).status === 410)
        return undefined;
      throw err;
    });
    if (byId) return byId;
  }
  return searchExact(client, 'name', key);
}

async function searchExact(
  client: FhirClient,
  param: 'url' | 'name',
  value: string,
): Promise<FhirResource | undefined> {
  const bundle = await client.search('ConceptMap', { [param]: value });
  return bundle.entry?.map((e) => e.resource).find((r) => r?.[param] === value);
}
