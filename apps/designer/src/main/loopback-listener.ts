import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackAnswer =
  | { readonly ok: true; readonly code: string; readonly state: string }
  | { readonly ok: false; readonly error: string; readonly description?: string; readonly state?: string };

export interface LoopbackListener {
  /** `http://127.0.0.1:<port>/callback` (RFC 8252 §7.3: IP literal, any port, registered without it). */
  readonly redirectUri: string;
  /** The first request on the callback path; undefined after `timeoutMs` or `close()`. */
  readonly answer: Promise<LoopbackAnswer | undefined>;
  close(): Promise<void>;
}

const PAGE = (text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>mapx designer</title><body style="font:16px system-ui;margin:3em">${text}</body></html>`;

/** A one-shot HTTP listener on 127.0.0.1 that receives the authorization response of the system browser. */
export async function startLoopbackListener(timeoutMs = 300_000): Promise<LoopbackListener> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  let settle: (answer: LoopbackAnswer | undefined) => void = () => undefined;
  const answer = new Promise<LoopbackAnswer | undefined>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle(undefined), timeoutMs);
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    // Browsers also ask for /favicon.ico and the like: only the callback path counts.
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const parsed = parseCallback(url.searchParams);
    const text = parsed.ok
      ? 'Signed in. You can close this tab and return to the mapx designer.'
      : 'The login did not succeed. Return to the mapx designer to try again.';
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
    });
    res.end(PAGE(text));
    clearTimeout(timer);
    settle(parsed);
  });
  return {
    redirectUri,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        settle(undefined);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseCallback(params: URLSearchParams): LoopbackAnswer {
  const code = params.get('code');
  const state = params.get('state') ?? undefined;
  if (code && state) return { ok: true, code, state };
  const description = params.get('error_description') ?? undefined;
  return {
    ok: false,
    error: params.get('error') ?? 'invalid_response',
    ...(description ? { description } : {}),
    ...(state ? { state } : {}),
  };
}
