import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, type Rolldown } from 'vite';

/** Bundles the harness (and with it the designer's login module, from source) into one inline-able script. */
export async function buildHarnessPage(serviceBaseUrl: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: {
        entry: new URL('./auth-harness.ts', import.meta.url).pathname,
        formats: ['es'],
        fileName: 'harness',
      },
    },
  })) as Rolldown.RolldownOutput[];
  const chunk = result[0]?.output.find((o) => o.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('harness build produced no script');
  return `<!doctype html><html lang="en" data-service="${serviceBaseUrl}"><meta charset="utf-8"><title>login harness</title>
<button id="sign-in">Sign in</button><button id="sign-out">Sign out</button><button id="run">Run</button>
<p id="state"></p><p id="ready"></p><pre id="output"></pre>
<script type="module">${chunk.code}</script></html>`;
}

export interface HarnessHost {
  readonly origin: string;
  /** `<origin>/designer/`, the redirect URI registered at the provider (a loopback URI: any port). */
  readonly url: string;
  serve(page: string): void;
  close(): Promise<void>;
}

/** A designer host on its own loopback origin, as when the designer is deployed apart from the service. */
export async function startHarnessHost(): Promise<HarnessHost> {
  let page = '';
  const server: Server = createServer((req, res) => {
    const ok = (req.url ?? '').startsWith('/designer/');
    res.writeHead(ok ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(ok ? page : 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/designer/`,
    serve: (next) => (page = next),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
