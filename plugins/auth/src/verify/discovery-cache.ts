export interface DiscoveryDocument {
  readonly issuer: string;
  readonly jwks_uri: string;
  readonly token_endpoint?: string;
}

export type DiscoveryResult =
  { readonly ok: true; readonly doc: DiscoveryDocument } | { readonly ok: false; readonly reason: string };

export interface DiscoveryCacheOptions {
  readonly issuer: string;
  readonly ttlMs: number;
  /** After a failed refresh, the stale document (if any) is served and no new fetch starts for this long. */
  readonly cooldownMs: number;
  readonly timeoutMs: number;
  readonly now?: () => number;
}

export interface DiscoveryCache {
  get(): Promise<DiscoveryResult>;
}

function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

async function fetchDiscovery(issuer: string, timeoutMs: number): Promise<DiscoveryResult> {
  let body: unknown;
  try {
    const res = await fetch(discoveryUrl(issuer), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) return { ok: false, reason: `discovery answered HTTP ${res.status}` };
    body = await res.json();
  } catch (cause) {
    return { ok: false, reason: `discovery failed: ${(cause as Error).name}` };
  }
  const doc = body as Partial<DiscoveryDocument> | null;
  if (doc === null || typeof doc !== 'object' || typeof doc.jwks_uri !== 'string') {
    return { ok: false, reason: 'discovery document has no jwks_uri' };
  }
  // The spec requires the configured issuer to equal the discovery document's, character for character.
  if (doc.issuer !== issuer)
    return { ok: false, reason: 'discovery document issuer differs from keycloak.issuer' };
  return { ok: true, doc: doc as DiscoveryDocument };
}

/** OIDC discovery with a TTL, single-flight refresh and stale-while-failing cool-down. Never throws. */
export function createDiscoveryCache(options: DiscoveryCacheOptions): DiscoveryCache {
  const now = options.now ?? Date.now;
  let doc: DiscoveryDocument | undefined;
  let fetchedAt = 0;
  let failedAt: number | undefined;
  let lastReason = 'discovery not attempted';
  let inflight: Promise<DiscoveryResult> | undefined;

  const refresh = async (): Promise<DiscoveryResult> => {
    const result = await fetchDiscovery(options.issuer, options.timeoutMs);
    if (result.ok) {
      doc = result.doc;
      fetchedAt = now();
      failedAt = undefined;
      return result;
    }
    failedAt = now();
    lastReason = result.reason;
    return doc === undefined ? result : { ok: true, doc };
  };

  return {
    get() {
      const t = now();
      if (doc !== undefined && t - fetchedAt < options.ttlMs) return Promise.resolve({ ok: true, doc });
      if (failedAt !== undefined && t - failedAt < options.cooldownMs) {
        return Promise.resolve(doc !== undefined ? { ok: true, doc } : { ok: false, reason: lastReason });
      }
      inflight ??= refresh().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}
