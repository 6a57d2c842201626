import { type FhirClient, type FhirResource, isResourceId } from '@mapx/fhir-client';

/** ConceptMaps read from the FHIR server by url, id or name, cached; `flush()` is called by POST /$recache. */
export interface ServerConceptMapSource {
  get(key: string): Promise<FhirResource | undefined>;
  /**
   * What `get` would answer at once, from a lookup that has ended and not expired (a synchronous run cannot wait:
   * runtime/sync-run.ts); undefined when only `get` can tell.
   */
  peek?(key: string): { readonly value: FhirResource | undefined } | undefined;
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
  const cache = new Map<
    string,
    {
      expires: number;
      value: Promise<FhirResource | undefined>;
      settled?: { value: FhirResource | undefined };
    }
  >();
  return {
    get(key) {
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const value = lookup(options.client, key);
      const entry: { expires: number; value: typeof value; settled?: { value: FhirResource | undefined } } = {
        expires: now() + ttl,
        value,
      };
      cache.set(key, entry);
      value.then(
        (found) => void (entry.settled = { value: found }),
        () => cache.delete(key),
      );
      return value;
    },
    peek(key) {
      const hit = cache.get(key);
      return hit && hit.expires > now() ? hit.settled : undefined;
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
