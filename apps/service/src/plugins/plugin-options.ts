import { PluginError, type AnyPlugin } from '@mapx/plugin-api';

/**
 * The plugin's options: `optionsFromEnv(env)` with the `<kind>:<id>` entry of MAPX_PLUGIN_OPTIONS merged over
 * it, validated by the plugin's own schema. Errors name the package and every issue.
 */
export async function resolvePluginOptions(
  plugin: AnyPlugin,
  env: Readonly<Record<string, string | undefined>>,
  overrides: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  const fromEnv = plugin.optionsFromEnv?.(env) ?? {};
  const override = overrides[`${plugin.kind}:${plugin.meta.id}`];
  const raw = isObject(fromEnv) && isObject(override) ? { ...fromEnv, ...override } : (override ?? fromEnv);
  const result = await plugin.optionsSchema['~standard'].validate(raw);
  if (result.issues) {
    const details = result.issues.map((i) => `${formatPath(i.path)}${i.message}`).join('; ');
    throw new PluginError(
      'PLUGIN_BAD_OPTIONS',
      `${plugin.meta.packageName}: invalid options for plugin ${plugin.kind}:${plugin.meta.id}: ${details}`,
      plugin.meta.packageName,
    );
  }
  return result.value;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function formatPath(path: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined): string {
  if (!path?.length) return '';
  return `${path.map((p) => String(typeof p === 'object' ? p.key : p)).join('.')}: `;
}
