import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { protocol } from 'electron';
import { APP_SCHEME, resolveAppPath } from './resolve-app-path.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/** Must run before `app.whenReady()`: a standard, secure origin (`app://designer`) instead of `file://`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves the built renderer from `root`, with the CSP of the current connection on every answer. */
export function serveAppProtocol(root: string, csp: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const path = resolveAppPath(root, request.url);
    if (path === undefined) return new Response('Forbidden', { status: 403 });
    try {
      const body = await readFile(path);
      return new Response(body, {
        headers: {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'content-security-policy': csp(),
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
