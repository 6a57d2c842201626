import { PLUGIN_API_VERSION, PLUGIN_KINDS, PluginError, type PluginManifest } from '@mapx/plugin-api';
import type { FoundPackage } from './find-package.js';

/** The package's `"mapx"` manifest, undefined when the package is not a plugin package. */
export function readManifest(pkg: FoundPackage): PluginManifest | undefined {
  const raw = pkg.json.mapx as Record<string, unknown> | undefined;
  if (raw === undefined) return undefined;
  const kinds = raw.kinds;
  if (raw.apiVersion !== PLUGIN_API_VERSION) {
    throw new PluginError(
      'PLUGIN_BAD_API_VERSION',
      `${pkg.name}: package.json "mapx.apiVersion" is ${JSON.stringify(raw.apiVersion)}; this mapx supports ${PLUGIN_API_VERSION}`,
      pkg.name,
    );
  }
  if (!Array.isArray(kinds) || kinds.length === 0 || !kinds.every((k) => PLUGIN_KINDS.includes(k as never))) {
    throw new PluginError(
      'PLUGIN_BAD_MANIFEST',
      `${pkg.name}: package.json "mapx.kinds" must be a non-empty array of ${PLUGIN_KINDS.join(', ')}`,
      pkg.name,
    );
  }
  return { apiVersion: PLUGIN_API_VERSION, kinds: kinds as PluginManifest['kinds'] };
}
