import { PLUGIN_API_VERSION, PLUGIN_BRAND, isBrandedPlugin, parseMediaType } from '@mapx/plugin-api';

const ID = /^[a-z0-9][a-z0-9-]*$/;
const SEMVER = /^\d+\.\d+\.\d+(?:[-+].*)?$/;

/** Checks the static declaration of a normaliser plugin the way the host does; returns the problems. */
export function checkNormalizerPlugin(plugin: unknown): string[] {
  if (!isBrandedPlugin(plugin)) return [`not branded ${PLUGIN_BRAND} (use defineNormalizer)`];
  const p = plugin as unknown as Record<string, unknown> & { meta: Record<string, unknown> };
  const problems: string[] = [];
  if (p.kind !== 'normalizer') problems.push(`kind is ${String(p.kind)}, expected normalizer`);
  if (typeof p.meta?.packageName !== 'string' || p.meta.packageName === '')
    problems.push('meta.packageName missing');
  if (typeof p.meta?.version !== 'string' || !SEMVER.test(p.meta.version))
    problems.push('meta.version is not semver');
  if (typeof p.meta?.id !== 'string' || !ID.test(p.meta.id))
    problems.push('meta.id must match [a-z0-9][a-z0-9-]*');
  if (p.meta?.apiVersion !== PLUGIN_API_VERSION)
    problems.push(`meta.apiVersion must be ${PLUGIN_API_VERSION}`);
  const types = p.mediaTypes;
  if (!Array.isArray(types) || types.length === 0)
    problems.push('mediaTypes must list at least one media type');
  else
    for (const t of types as unknown[]) {
      if (typeof t !== 'string' || parseMediaType(t)?.essence !== t)
        problems.push(`media type ${String(t)} is not a lower-case type/subtype essence`);
    }
  const schema = p.optionsSchema as { '~standard'?: { validate?: unknown } } | undefined;
  if (typeof schema?.['~standard']?.validate !== 'function')
    problems.push('optionsSchema is not a Standard Schema');
  if (typeof p.create !== 'function') problems.push('create is not a function');
  return problems;
}
