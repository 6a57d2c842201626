import type { MappingStore, PluginContext, StorePlugin } from '@mapx/plugin-api';
import { createTestPluginContext } from '../normalizer/instantiate.js';
import { validatePluginOptions } from './validate-plugin-options.js';

/**
 * Validates raw options with the plugin's `optionsSchema` (as the host does) and creates the store; null when
 * the options say the store is not configured. Throws when the options are rejected: a broken test setup.
 */
export async function instantiateStore<O>(
  plugin: StorePlugin<O>,
  rawOptions: unknown,
  context: PluginContext = createTestPluginContext(),
): Promise<MappingStore | null> {
  const checked = await validatePluginOptions(plugin, rawOptions);
  if (!checked.ok) {
    throw new Error(`${plugin.meta.packageName}: options rejected: ${checked.messages.join('; ')}`);
  }
  return plugin.create(checked.value, context);
}
