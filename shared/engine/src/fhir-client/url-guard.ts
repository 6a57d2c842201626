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
  return {
    base: baseText,
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
}
