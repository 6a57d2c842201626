import type { NormalizerPlugin, Normalizer, PluginContext } from '@mapx/plugin-api';

/** A quiet context for tests; pass `fhir` to give FHIR definitions. */
export function createTestPluginContext(overrides: Partial<PluginContext> = {}): PluginContext {
  const noop = (): void => undefined;
  return {
    logger: { debug: noop, info: noop, warn: noop, error: noop },
    env: Object.freeze({}),
    fhir: () => undefined,
    ...overrides,
  };
}

/**
 * Validates raw options with the plugin's `optionsSchema` (as the host does) and creates the normaliser.
 * Throws when the options are rejected: that is a broken test setup, not bad input.
 */
export async function instantiateNormalizer(
  plugin: NormalizerPlugin<unknown>,
  rawOptions: unknown,
  context: PluginContext,
): Promise<Normalizer> {
  const checked = await plugin.optionsSchema['~standard'].validate(rawOptions ?? {});
  if (checked.issues) {
    const why = checked.issues.map((i) => i.message).join('; ');
    throw new Error(`${plugin.meta.packageName}: options rejected: ${why}`);
  }
  return plugin.create(checked.value, context);
}
