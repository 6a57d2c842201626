import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bundleIsCurrent } from '../bundle-manifest.js';

/**
 * The single-file bundle of a plugin package's own modules next to its entry (`dist/index.bundle.js`, made by
 * `npm run build` for the built-in plugins: scripts/bundle-service.mjs), when it is current: every file it was
 * made from unchanged since. Loading a plugin was mostly resolving and reading its modules one by one.
 */
export function currentBundle(entryFile: string): string | undefined {
  if (!entryFile.endsWith('.js')) return undefined;
  const manifest = `${entryFile.slice(0, -'.js'.length)}.bundle.json`;
  if (!existsSync(manifest) || !bundleIsCurrent(pathToFileURL(manifest))) return undefined;
  return `${entryFile.slice(0, -'.js'.length)}.bundle.js`;
}
