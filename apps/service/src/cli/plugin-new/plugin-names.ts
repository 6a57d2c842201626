import validatePackageName from 'validate-npm-package-name';

const ID = /^[a-z0-9][a-z0-9-]*$/;

export type PluginNames =
  | { readonly ok: true; readonly packageName: string; readonly id: string; readonly envPrefix: string }
  | { readonly ok: false; readonly message: string };

/**
 * The npm name as given, and the plugin id derived from it: without the scope, anything up to `mapx-`, and a
 * leading `<kind>-` (`@acme/mapx-normalizer-kv`, `acme-mapx-normalizer-kv` → `kv`), so ids stay short in
 * `MAPX_PLUGIN_OPTIONS` keys.
 */
export function pluginNames(packageName: string, kind: string): PluginNames {
  const valid = validatePackageName(packageName);
  if (!valid.validForNewPackages) {
    const why = [...(valid.errors ?? []), ...(valid.warnings ?? [])].join('; ');
    return { ok: false, message: `"${packageName}" is not a valid npm package name: ${why}` };
  }
  const bare = packageName.replace(/^@[^/]+\//, '');
  const id = stripPrefix(bare.replace(/^(?:.*-)?mapx-/, ''), `${kind}-`) || bare;
  if (!ID.test(id)) {
    return { ok: false, message: `plugin id "${id}" (from "${packageName}") must match [a-z0-9][a-z0-9-]*` };
  }
  return { ok: true, packageName, id, envPrefix: id.toUpperCase().replaceAll('-', '_') };
}

function stripPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}
