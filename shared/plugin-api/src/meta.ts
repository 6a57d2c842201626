export const PLUGIN_API_VERSION = 1 as const;
export const PLUGIN_BRAND = '@mapx/plugin' as const;

export type PluginKind = 'normalizer' | 'store' | 'auth-provider' | 'listener';
export const PLUGIN_KINDS: readonly PluginKind[] = ['normalizer', 'store', 'auth-provider', 'listener'];

/** Who a plugin is. `packageName` must equal the npm package it ships in; the host checks it. */
export interface PluginMeta {
  readonly packageName: string;
  readonly version: string;
  /** Unique per kind; `[a-z0-9][a-z0-9-]*`. */
  readonly id: string;
  readonly apiVersion: typeof PLUGIN_API_VERSION;
  readonly description?: string;
}

/** The `"mapx"` field of a plugin package's package.json. */
export interface PluginManifest {
  readonly apiVersion: typeof PLUGIN_API_VERSION;
  readonly kinds: readonly PluginKind[];
}
