import { build, type Rolldown } from 'vite';

/** Bundles the harness (and with it the designer's login module, from source) into one inline-able script. */
export async function buildHarnessPage(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: new URL('./auth-harness.ts', import.meta.url).pathname, formats: ['es'], fileName: 'harness' },
    },
  })) as Rolldown.RolldownOutput[];
  const chunk = result[0]?.output.find((o) => o.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('harness build produced no script');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>login harness</title>
<button id="sign-in">Sign in</button><button id="sign-out">Sign out</button><button id="run">Run</button>
<p id="state"></p><p id="ready"></p><pre id="output"></pre>
<script type="module">${chunk.code}</script></html>`;
}
