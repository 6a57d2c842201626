export type ServiceUrlCheck =
  | { readonly ok: true; readonly url: string; readonly warning?: string }
  | { readonly ok: false; readonly message: string };

/** The IPC contract refuses longer texts; say so here rather than fail there. */
const MAX_LENGTH = 4096;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Checks a remote service URL as the author types it and normalises it to the base URL the renderer uses
 * (ending with `/`). It accepts what the main process accepts (http or https, no credentials) and refuses
 * a query or fragment, which a base URL cannot keep.
 */
export function checkServiceUrl(text: string): ServiceUrlCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter the URL of a mapx service.' };
  if (trimmed.length > MAX_LENGTH || trimmed.includes('\0'))
    return { ok: false, message: 'This URL is too long.' };
  if (!/^https?:\/\//i.test(trimmed))
    return { ok: false, message: 'Start with http:// or https://, e.g. https://mapx.example.org/' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'This is not a valid URL.' };
  }
  if (url.username !== '' || url.password !== '')
    return { ok: false, message: 'Leave the user name and password out of the URL; sign in instead.' };
  if (url.search !== '' || url.hash !== '')
    return { ok: false, message: 'A service URL has no query (?…) or fragment (#…).' };
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    return { ok: true, url: url.href, warning: 'Plain http: mappings and tokens travel unencrypted.' };
  return { ok: true, url: url.href };
}
