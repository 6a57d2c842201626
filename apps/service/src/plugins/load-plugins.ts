import {
  PluginError,
  type AnyPlugin,
  type AuthLayer,
  type AuthProviderPlugin,
  type AuthRoute,
  type ListenerPlugin,
  type NormalizerPlugin,
  type PluginContext,
  type StorePlugin,
} from '@mapx/plugin-api';
import type { AppConfig } from '../config/app-config.js';
import { discoverPlugins, type DiscoveredPlugin } from './discover-plugins.js';
import { resolvePluginOptions } from './plugin-options.js';
import type {
  ListenerEntry,
  LoadedPlugins,
  NormalizerEntry,
  PluginInfo,
  StoreEntry,
} from './loaded-plugins.js';

/**
 * Discovers every plugin, validates its options and instantiates it. Anything wrong stops start-up with a
 * PluginError naming the package.
 */
export async function loadPlugins(config: AppConfig, ctx: PluginContext): Promise<LoadedPlugins> {
  const discovered = await discoverPlugins(config.plugins, ctx.logger);
  const normalizers: NormalizerEntry[] = [];
  const stores: StoreEntry[] = [];
  const listeners: ListenerEntry[] = [];
  const layers: { layer: AuthLayer; pkg: string }[] = [];
  const list: PluginInfo[] = [];
  let policyBuilder: AuthRoute | undefined;
  for (const d of discovered) {
    if (d.plugin.kind === 'auth-provider') {
      if (config.edition === 'base') {
        ctx.logger.info(
          `plugin ${d.packageName} not started: the auth layer is part of the enterprise edition`,
        );
        list.push(info(d, false));
        continue;
      }
      policyBuilder ??= (d.plugin as unknown as AuthProviderPlugin).policyBuilder;
    }
    const options = await resolvePluginOptions(d.plugin, config.env, config.plugins.options);
    const active = await guard(d, () =>
      instantiate(d.plugin, options, ctx, { normalizers, stores, layers, listeners }),
    );
    list.push(info(d, active));
  }
  if (layers.length > 1) {
    const names = layers.map((l) => l.pkg).join(', ');
    throw new PluginError('PLUGIN_DUPLICATE', `several auth providers are configured (${names}); keep one`);
  }
  return { list, normalizers, stores, auth: layers[0]?.layer ?? null, policyBuilder, listeners };
}

interface Sinks {
  normalizers: NormalizerEntry[];
  stores: StoreEntry[];
  layers: { layer: AuthLayer; pkg: string }[];
  listeners: ListenerEntry[];
}

async function instantiate(
  plugin: AnyPlugin,
  options: unknown,
  ctx: PluginContext,
  sinks: Sinks,
): Promise<boolean> {
  const id = plugin.meta.id;
  if (plugin.kind === 'normalizer') {
    const p = plugin as unknown as NormalizerPlugin;
    sinks.normalizers.push({ id, mediaTypes: p.mediaTypes, normalizer: await p.create(options, ctx) });
    return true;
  }
  if (plugin.kind === 'store') {
    const store = await (plugin as unknown as StorePlugin).create(options, ctx);
    if (store) sinks.stores.push({ id, store });
    return store !== null;
  }
  if (plugin.kind === 'listener') {
    const listener = await (plugin as unknown as ListenerPlugin).create(options, ctx);
    if (listener) sinks.listeners.push({ id, listener });
    return listener !== null;
  }
  const layer = await (plugin as unknown as AuthProviderPlugin).create(options, ctx);
  if (layer) sinks.layers.push({ layer, pkg: plugin.meta.packageName });
  return layer !== null;
}

async function guard(d: DiscoveredPlugin, run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch (cause) {
    if (cause instanceof PluginError) throw cause;
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new PluginError(
      'PLUGIN_CREATE_FAILED',
      `${d.packageName}: creating plugin ${d.plugin.kind}:${d.plugin.meta.id} failed: ${why}`,
      d.packageName,
      { cause },
    );
  }
}

function info(d: DiscoveredPlugin, active: boolean): PluginInfo {
  return {
    kind: d.plugin.kind,
    id: d.plugin.meta.id,
    packageName: d.packageName,
    version: d.packageVersion,
    ...(d.plugin.meta.description ? { description: d.plugin.meta.description } : {}),
    builtIn: d.builtIn,
    active,
  };
}
