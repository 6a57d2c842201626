import type { NormalizerPlugin, PluginContext, PluginLogger } from '@mapx/plugin-api';
import type { AppConfig } from '../config/app-config.js';
import { discoverPlugins } from '../plugins/discover-plugins.js';
import { resolvePluginOptions } from '../plugins/plugin-options.js';
import type { NormalizerEntry } from '../plugins/loaded-plugins.js';

/**
 * The normaliser plugins only, discovered and configured as the main thread does (loadPlugins): `$parseCsv` and
 * `$v2json` in a worker use the same normalisers as HTTP input. Stores and the auth layer stay on main.
 */
export async function loadNormalizers(config: AppConfig, ctx: PluginContext): Promise<NormalizerEntry[]> {
  // main already logged the plugin list; a worker repeats nothing
  const { logger } = ctx;
  const quiet: PluginLogger = {
    debug: (o, m) => logger.debug(o, m),
    info: () => undefined,
    warn: (o, m) => logger.warn(o, m),
    error: (o, m) => logger.error(o, m),
  };
  const discovered = await discoverPlugins(config.plugins, quiet, ['normalizer']);
  const entries: NormalizerEntry[] = [];
  for (const d of discovered) {
    if (d.plugin.kind !== 'normalizer') continue;
    const plugin = d.plugin as unknown as NormalizerPlugin;
    const options = await resolvePluginOptions(d.plugin, config.env, config.plugins.options);
    entries.push({
      id: plugin.meta.id,
      mediaTypes: plugin.mediaTypes,
      normalizer: await plugin.create(options, ctx),
    });
  }
  return entries;
}
