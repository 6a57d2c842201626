/**
 * Decides which URLs a FHIR client may fetch: only HTTP(S) URLs under the configured base (same origin,
 * path inside the base path after normalisation). This keeps expressions and hostile `next` links from
 * making the service fetch arbitrary hosts (SSRF) or climb out of the base with `..`.
 */
export interface UrlGuard {
  /** The normalised base, without a trailing slash. */
  readonly base: string;
  /** Resolves `ref` (absolute, or relative to the base) and returns it when allowed, else undefined. */
  resolve(ref: string): URL | undefined;
  /** Like resolve, but an absolute URL on another origin whose path lies under the base path moves to the base. */
  reanchor(ref: string): URL | undefined;
}

export function createUrlGuard(baseUrl: string): UrlGuard {
  const base = new URL(baseUrl.trim());
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError(`FHIR server base must be an http(s) URL, got ${base.protocol}`);
  }
  base.search = '';
  base.hash = '';
  const basePath = base.pathname.replace(/\/+$/, '');
  const baseText = `${base.origin}${basePath}`;
  const guard: UrlGuard = {
    base: baseText,
    reanchor(ref: string): URL | undefined {
      const direct = guard.resolve(ref);
      if (direct || !URL.canParse(ref)) return direct;
      const url = new URL(ref);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
      return guard.resolve(`${base.origin}${url.pathname}${url.search}`);
    },
    resolve(ref: string): URL | undefined {
      // encoded separators in the path could be decoded into `/..` by the server
      if (/%2f|%5c/i.test(ref.split(/[?#]/, 1)[0] ?? '')) return undefined;
      let url: URL;
      try {
        url = new URL(ref, `${baseText}/`);
      } catch {
        return undefined;
      }
      if (url.origin !== base.origin || url.username || url.password) return undefined;
      if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return undefined;
      return url;
    },
  };
  return guard;
}
