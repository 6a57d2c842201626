import type * as Serve from './serve.js';
import { bundleIsCurrent } from './bundle-manifest.js';

// the check an installed image runs against its own serve module (docs/deployment.md)
export { bundleIsCurrent };

type ServeModule = typeof Serve;

const BUNDLE = new URL('serve.bundle.js', import.meta.url);
const MANIFEST = new URL('serve.bundle.json', import.meta.url);

/**
 * `serve.js` with everything of ours behind it. `npm run build` also bundles them into one file, which starts
 * faster (Node 20 spends ~0.5 ms resolving and loading each of its ~170 modules); a bundle older than any of its
 * inputs (a `tsc -b` on its own since) is not used.
 */
export async function importServe(): Promise<ServeModule> {
  if (bundleIsCurrent(MANIFEST)) return (await import(BUNDLE.href)) as ServeModule;
  return import('./serve.js');
}
