import { pathToFileURL } from 'node:url';
import { bundleIsCurrent } from '../bundle-manifest.js';

/**
 * The single-file bundle of a plugin package's own modules next to its entry (`dist/index.bundle.js`, made by
 * `npm run build` for the built-in plugins: scripts/bundle-service.mjs), when it is current: every file it was
 * made from unchanged since (no manifest: none). Loading a plugin was mostly resolving and reading its modules one
 * by one.
 */
export function currentBundle(entryFile: string): string | undefined {
  if (!entryFile.endsWith('.js')) return undefined;
  const stem = entryFile.slice(0, -'.js'.length);
  return bundleIsCurrent(pathToFileURL(`${stem}.bundle.json`)) ? `${stem}.bundle.js` : undefined;
}
