import { PLUGIN_BRAND } from './meta.js';
import type { AnyPlugin } from './plugin.js';
import type { NormalizerPlugin } from './normalizer.js';
import type { StorePlugin } from './store.js';
import type { AuthProviderPlugin } from './auth.js';
import type { ListenerPlugin } from './listener.js';

type Unbranded<P> = Omit<P, '$$type' | 'kind'>;

export function defineNormalizer<O>(plugin: Unbranded<NormalizerPlugin<O>>): NormalizerPlugin<O> {
  return Object.freeze({ ...plugin, $$type: PLUGIN_BRAND, kind: 'normalizer' as const });
}

export function defineStore<O>(plugin: Unbranded<StorePlugin<O>>): StorePlugin<O> {
  return Object.freeze({ ...plugin, $$type: PLUGIN_BRAND, kind: 'store' as const });
}

export function defineAuthProvider<O>(plugin: Unbranded<AuthProviderPlugin<O>>): AuthProviderPlugin<O> {
  return Object.freeze({ ...plugin, $$type: PLUGIN_BRAND, kind: 'auth-provider' as const });
}

export function defineListener<O>(plugin: Unbranded<ListenerPlugin<O>>): ListenerPlugin<O> {
  return Object.freeze({ ...plugin, $$type: PLUGIN_BRAND, kind: 'listener' as const });
}

/** Brand check for values loaded dynamically. */
export function isBrandedPlugin(value: unknown): value is AnyPlugin {
  return (
    typeof value === 'object' && value !== null && (value as { $$type?: unknown }).$$type === PLUGIN_BRAND
  );
}
