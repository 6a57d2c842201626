import { isAbsolute } from 'node:path';
import { FhirContextError, describeError } from './errors.js';
import { createFhirContext } from './create-fhir-context.js';
import { DefinitionIndex } from './definitions/definition-index.js';
import { loadPackageIndex } from './definitions/package-index.js';
import { corePackageFor, packageKey, parsePackageSpec, type PackageSpec } from './packages/package-spec.js';
import { PUBLIC_REGISTRIES, type RegistryEndpoint } from './packages/registry-client.js';
import { resolveContextPackages } from './packages/resolve-context-packages.js';
import type { FhirContext, FhirContextOptions, FhirLogger } from './types.js';

const SILENT: FhirLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Boot I/O: resolves the core package of `fhirVersion` plus the requested packages (with their dependencies),
 * installs what is missing into the cache, and indexes every package. Rejects with a FhirContextError.
 */
export async function loadFhirContext(options: FhirContextOptions): Promise<FhirContext> {
  const logger = options.logger ?? SILENT;
  try {
    return await load(options, logger);
  } catch (e) {
    if (e instanceof FhirContextError) throw e;
    throw new FhirContextError(
      'FHIR_PACKAGE_INVALID',
      `FHIR context could not be loaded: ${describeError(e)}`,
      { cause: e },
    );
  }
}

async function load(options: FhirContextOptions, logger: FhirLogger): Promise<FhirContext> {
  if (!isAbsolute(options.cacheDir)) {
    throw new FhirContextError(
      'FHIR_PACKAGE_CACHE_UNWRITABLE',
      `FHIR package cache dir must be absolute: ${options.cacheDir}`,
    );
  }
  const core = corePackageFor(options.fhirVersion);
  const requested = options.packages.filter((p) => p.trim() !== '').map(parsePackageSpec);
  const roots = dedupe([...requested, core]);
  const resolved = await resolveContextPackages(roots, {
    cacheDir: options.cacheDir,
    registries: registriesFor(options),
    logger,
  });
  const index = new DefinitionIndex();
  for (const p of resolved) {
    index.addPackage(
      { id: p.id, version: p.version, key: packageKey(p.id, p.version), folder: p.folder },
      loadPackageIndex(p.folder, logger),
    );
  }
  const packages = resolved
    .map((p) => ({ id: p.id, version: p.version }))
    .sort((a, b) => (a.id === b.id ? a.version.localeCompare(b.version) : a.id < b.id ? -1 : 1));
  const rootKeys = resolved
    .filter((p) => roots.some((r) => r.id === p.id))
    .map((p) => `${p.id}@${p.version}`);
  logger.info({ packages: packages.map((p) => packageKey(p.id, p.version)) }, 'FHIR context ready');
  return createFhirContext({
    fhirVersion: options.fhirVersion,
    packages,
    key: rootKeys.sort().join(','),
    index,
    logger,
  });
}

function dedupe(specs: PackageSpec[]): PackageSpec[] {
  const seen = new Set<string>();
  return specs.filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true)));
}

function registriesFor(o: FhirContextOptions): RegistryEndpoint[] {
  const timeoutMs = o.registryTimeoutMs ?? 5000;
  const custom = o.registryUrl?.trim();
  if (custom && custom.toLowerCase() === 'n/a') return [];
  if (custom) return [{ url: custom, token: o.registryToken, timeoutMs }];
  return (o.defaultRegistries ?? PUBLIC_REGISTRIES).map((url) => ({ url, timeoutMs }));
}
