import {
  isBrandedPlugin,
  PLUGIN_API_VERSION,
  PLUGIN_KINDS,
  PluginError,
  type AnyPlugin,
  type PluginManifest,
} from '@mapx/plugin-api';

const ID = /^[a-z0-9][a-z0-9-]*$/;

/** Checks a dynamically loaded value against the plugin contract; says what was expected on failure. */
export function validatePlugin(value: unknown, packageName: string, manifest: PluginManifest): AnyPlugin {
  if (!isBrandedPlugin(value)) {
    throw new PluginError(
      'PLUGIN_BAD_BRAND',
      `${packageName}: expected the default export to be a plugin made with define*() from @mapx/plugin-api ($$type "@mapx/plugin"), got ${describe(value)}`,
      packageName,
    );
  }
  const meta = value.meta as AnyPlugin['meta'] | undefined;
  if (meta?.apiVersion !== PLUGIN_API_VERSION) {
    throw new PluginError(
      'PLUGIN_BAD_API_VERSION',
      `${packageName}: plugin API version ${String(meta?.apiVersion)} is not supported; this mapx supports apiVersion ${PLUGIN_API_VERSION}`,
      packageName,
    );
  }
  if (!PLUGIN_KINDS.includes(value.kind) || !manifest.kinds.includes(value.kind)) {
    throw new PluginError(
      'PLUGIN_BAD_KIND',
      `${packageName}: plugin kind "${String(value.kind)}" is not one of the kinds its manifest declares (${manifest.kinds.join(', ')})`,
      packageName,
    );
  }
  if (meta.packageName !== packageName) {
    throw new PluginError(
      'PLUGIN_PACKAGE_MISMATCH',
      `${packageName}: plugin meta.packageName is "${meta.packageName}", expected "${packageName}"`,
      packageName,
    );
  }
  if (!ID.test(meta.id)) {
    throw new PluginError(
      'PLUGIN_BAD_MANIFEST',
      `${packageName}: plugin id "${meta.id}" must match ${ID}`,
      packageName,
    );
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return typeof value;
  const brand = (value as { $$type?: unknown }).$$type;
  return brand === undefined ? 'an object without $$type' : `an object with $$type ${JSON.stringify(brand)}`;
}
