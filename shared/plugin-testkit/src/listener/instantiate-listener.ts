import type { Listener, ListenerPlugin, PluginContext } from '@mapx/plugin-api';
import { createTestPluginContext } from '../normalizer/instantiate.js';
import { validatePluginOptions } from '../store/validate-plugin-options.js';

/**
 * Validates raw options with the plugin's `optionsSchema` (as the host does) and creates the listener; null when
 * the options say it is not configured. Throws when the options are rejected: a broken test setup.
 */
export async function instantiateListener<O>(
  plugin: ListenerPlugin<O>,
  rawOptions: unknown,
  context: PluginContext = createTestPluginContext(),
): Promise<Listener | null> {
  const checked = await validatePluginOptions(plugin, rawOptions);
  if (!checked.ok) {
    throw new Error(`${plugin.meta.packageName}: options rejected: ${checked.messages.join('; ')}`);
  }
  return plugin.create(checked.value, context);
}
