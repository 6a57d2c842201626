import { readFileSync, statSync } from 'node:fs';

/** Written by scripts/bundle-service.mjs next to a bundle: the bundle and every file it was made from. */
interface BundleManifest {
  readonly files: readonly (readonly [path: string, mtimeMs: number, size: number])[];
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
