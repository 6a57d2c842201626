import { readFileSync, statSync } from 'node:fs';
import type * as Serve from './serve.js';

type ServeModule = typeof Serve;

/** Written by scripts/bundle-service.mjs next to the bundle: the bundle and every file it was made from. */
interface BundleManifest {
  readonly files: readonly (readonly [path: string, mtimeMs: number, size: number])[];
}

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

/** True when every file the manifest lists (paths relative to it) still has the recorded mtime and size. */
export function bundleIsCurrent(manifest: URL): boolean {
  try {
    const { files } = JSON.parse(readFileSync(manifest, 'utf8')) as BundleManifest;
    return (
      files.length > 0 &&
      files.every(([path, mtimeMs, size]) => unchanged(new URL(path, manifest), mtimeMs, size))
    );
  } catch {
    return false;
  }
}

function unchanged(file: URL, mtimeMs: number, size: number): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && stat.mtimeMs === mtimeMs && stat.size === size;
}
