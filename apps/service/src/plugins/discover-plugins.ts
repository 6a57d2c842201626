import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PluginError, type AnyPlugin, type PluginKind, type PluginLogger } from '@mapx/plugin-api';
import { findPackage, type FoundPackage } from './find-package.js';
import { packageEntry } from './package-entry.js';
import { currentBundle } from './plugin-bundle.js';
import { operatorPluginSources, type PluginSource } from './plugin-sources.js';
import { readManifest } from './read-manifest.js';
import { validatePlugin } from './validate-plugin.js';

export interface DiscoveredPlugin {
  readonly plugin: AnyPlugin;
  readonly packageName: string;
  readonly packageVersion: string;
  readonly builtIn: boolean;
}

/**
 * Run from the TypeScript sources (the test runner): plugins load as the runner resolves them by name (their
 * sources too), never from a bundle of their built modules.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** apps/service, from either src/plugins or dist/plugins. */
export const SERVICE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Discovers plugin packages: the service's own dependencies, the names or paths in `MAPX_PLUGINS` (`extra`) and
 * the package folders in `MAPX_PLUGIN_DIR` (`dir`). A built-in package is a plugin package only if its
 * package.json has a `"mapx"` manifest; one the operator asked for must have one. Every failure names the
 * package and keeps the cause; duplicates of (kind, id) are rejected.
 */
export async function discoverPlugins(
  plugins: { readonly extra: readonly string[]; readonly dir?: string | undefined },
  logger: PluginLogger,
  onlyKinds?: readonly PluginKind[],
): Promise<DiscoveredPlugin[]> {
  // imported side by side (a module graph's loading waits on file reads), reported in this order: the first
  // failure in it is the one thrown
  const loads = [
    ...ownDependencies().map((spec) => loadPackage(spec, undefined, onlyKinds)),
    ...operatorPluginSources(plugins).map((source) => loadPackage(source.spec, source, onlyKinds)),
  ];
  const settled = await Promise.allSettled(loads);
  const found: DiscoveredPlugin[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    found.push(...result.value);
  }
  rejectDuplicates(found);
  for (const p of found) {
    logger.info(
      { plugin: `${p.plugin.kind}:${p.plugin.meta.id}`, package: p.packageName, version: p.packageVersion },
      `plugin ${p.plugin.kind}:${p.plugin.meta.id} from ${p.packageName}@${p.packageVersion}${p.builtIn ? ' (built-in)' : ''}`,
    );
  }
  return found;
}

function ownDependencies(): string[] {
  const json = JSON.parse(readFileSync(new URL('package.json', pathToFileURL(SERVICE_DIR)), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(json.dependencies ?? {});
}

/**
 * A built-in package when `source` is absent; otherwise one the operator asked for, which must be a plugin. With
 * `onlyKinds`, a package whose manifest declares none of them is not imported (an evaluation thread needs only the
 * normalisers, and importing the rest was most of its start-up).
 */
async function loadPackage(
  spec: string,
  source?: PluginSource,
  onlyKinds?: readonly PluginKind[],
): Promise<DiscoveredPlugin[]> {
  const builtIn = source === undefined;
  // the deployment folder first: an operator's `npm install` there wins over what the service brought
  const pkg = (builtIn ? undefined : findPackage(spec, process.cwd())) ?? findPackage(spec, SERVICE_DIR);
  if (!pkg) {
    if (builtIn) return [];
    throw new PluginError('PLUGIN_NOT_FOUND', `${spec}: plugin package not found (${source.setting})`, spec);
  }
  const manifest = readManifest(pkg);
  if (!manifest) {
    if (builtIn) return [];
    throw new PluginError(
      'PLUGIN_BAD_MANIFEST',
      `${pkg.name}: package.json has no "mapx" manifest field`,
      pkg.name,
    );
  }
  if (onlyKinds && !manifest.kinds.some((kind) => onlyKinds.includes(kind))) return [];
  const exported = await importPackage(pkg, spec);
  const plugins = Array.isArray(exported) ? exported : [exported];
  return plugins.map((value) => ({
    plugin: validatePlugin(value, pkg.name, manifest),
    packageName: pkg.name,
    packageVersion: pkg.version,
    builtIn,
  }));
}

async function importPackage(pkg: FoundPackage, spec: string): Promise<unknown> {
  try {
    // its current bundle first; else by name only when Node would find that very folder from here, anything
    // else by its entry file
    const entry = packageEntry(pkg);
    const bundle = FROM_SOURCES ? undefined : currentBundle(entry);
    const byName = !bundle && spec === pkg.name && findPackage(spec, SERVICE_DIR)?.dir === pkg.dir;
    const specifier = byName ? pkg.name : pathToFileURL(bundle ?? entry).href;
    const mod = (await import(specifier)) as { default?: unknown };
    return mod.default;
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new PluginError(
      'PLUGIN_IMPORT_FAILED',
      `${pkg.name}: importing the plugin failed: ${why}`,
      pkg.name,
      {
        cause,
      },
    );
  }
}

function rejectDuplicates(found: readonly DiscoveredPlugin[]): void {
  const seen = new Map<string, string>();
  for (const p of found) {
    const key = `${p.plugin.kind}:${p.plugin.meta.id}`;
    const other = seen.get(key);
    if (other) {
      throw new PluginError(
        'PLUGIN_DUPLICATE',
        `${p.packageName}: plugin ${key} is already provided by ${other}; (kind, id) must be unique`,
        p.packageName,
      );
    }
    seen.set(key, p.packageName);
  }
}
