import { isAbsolute, relative, resolve, sep } from 'node:path';

/** The host name of every renderer URL: `app://designer/index.html`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'designer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Maps an `app://designer/...` URL to a file inside `root`, or undefined when the URL names another host, or a
 * path that would leave `root` (`..`, encoded separators, NUL, absolute or drive paths).
 */
export function resolveAppPath(root: string, requestUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return undefined;
  const relativePath = path === '/' || path === '' ? 'index.html' : path.replace(/^\/+/, '');
  const base = resolve(root);
  const target = resolve(base, relativePath);
  const inside = relative(base, target);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return undefined;
  return target;
}
