import type { PLUGIN_BRAND, PluginKind, PluginMeta } from './meta.js';
import type { PluginContext } from './context.js';
import type { StandardSchemaV1 } from './standard-schema.js';

export interface PluginBase<K extends PluginKind, O> {
  readonly $$type: typeof PLUGIN_BRAND;
  readonly kind: K;
  readonly meta: PluginMeta;
  /** Validates the plugin's options (zod 4, valibot, … anything implementing Standard Schema). */
  readonly optionsSchema: StandardSchemaV1<unknown, O>;
  /**
   * Builds the raw options object from the environment. The host merges the entry for `<kind>:<id>` of the
   * `MAPX_PLUGIN_OPTIONS` JSON object over it, then validates the result with `optionsSchema`.
   */
  readonly optionsFromEnv?: (env: Readonly<Record<string, string | undefined>>) => unknown;
}

/** Anything the service can load: one plugin of any kind. */
export type AnyPlugin = PluginBase<PluginKind, unknown> & { readonly [key: string]: unknown };

/** Plugins receive their validated options and the host context once, when they are instantiated. */
export type { PluginContext };
