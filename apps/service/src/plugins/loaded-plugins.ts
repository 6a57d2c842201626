import type { AuthLayer, AuthRoute, Listener, MappingStore, Normalizer, PluginKind } from '@mapx/plugin-api';

export interface PluginInfo {
  readonly kind: PluginKind;
  readonly id: string;
  readonly packageName: string;
  readonly version: string;
  readonly description?: string;
  readonly builtIn: boolean;
  /** False when the plugin is loaded but its options say it is not configured (e.g. a store with no folder). */
  readonly active: boolean;
}

export interface NormalizerEntry {
  readonly id: string;
  readonly mediaTypes: readonly string[];
  readonly normalizer: Normalizer;
}

export interface StoreEntry {
  readonly id: string;
  readonly store: MappingStore;
}

export interface ListenerEntry {
  readonly id: string;
  readonly listener: Listener;
}

/** Everything discovery produced, instantiated with validated options. */
export interface LoadedPlugins {
  readonly list: readonly PluginInfo[];
  readonly normalizers: readonly NormalizerEntry[];
  readonly stores: readonly StoreEntry[];
  readonly auth: AuthLayer | null;
  /** Configured listeners (MLLP, …), started once the service is ready. */
  readonly listeners: readonly ListenerEntry[];
  /** GET /auth/policy/builder from the auth-provider plugin, served in every mode of the enterprise edition. */
  readonly policyBuilder: AuthRoute | undefined;
}
