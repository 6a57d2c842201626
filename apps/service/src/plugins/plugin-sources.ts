import { listPluginDir } from './plugin-dir.js';

/** One package to load, and the setting that asked for it (named in the error when it cannot be loaded). */
export interface PluginSource {
  readonly spec: string;
  readonly setting: 'MAPX_PLUGINS' | 'MAPX_PLUGIN_DIR';
}

/** What the operator asked for beyond the built-in plugins: `MAPX_PLUGINS` first, then `MAPX_PLUGIN_DIR`. */
export function operatorPluginSources(plugins: {
  readonly extra: readonly string[];
  readonly dir?: string | undefined;
}): PluginSource[] {
  const named = plugins.extra.map((spec) => ({ spec, setting: 'MAPX_PLUGINS' as const }));
  const dropped = plugins.dir
    ? listPluginDir(plugins.dir).map((spec) => ({ spec, setting: 'MAPX_PLUGIN_DIR' as const }))
    : [];
  return [...named, ...dropped];
}
