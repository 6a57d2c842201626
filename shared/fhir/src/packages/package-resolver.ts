import { FhirContextError, describeError } from '../errors.js';
import type { FhirLogger } from '../types.js';
import { embeddedVersions, findEmbeddedTarball } from './embedded-packages.js';
import {
  installTarball,
  isCached,
  listCachedVersions,
  packageFolder,
  readManifest,
  type PackageManifest,
} from './package-cache.js';
import { packageKey, type PackageSpec } from './package-spec.js';
import { maxSatisfying, rsort, valid, validRange } from './semver-functions.js';
import { downloadTarball, fetchPackument, type Packument, type RegistryEndpoint } from './registry-client.js';

export interface ResolvedPackage {
  readonly id: string;
  readonly version: string;
  /** `<cache>/<id>#<version>` */
  readonly folder: string;
  readonly manifest: PackageManifest;
}

export interface ResolverOptions {
  readonly cacheDir: string;
  readonly registries: readonly RegistryEndpoint[];
  readonly logger: FhirLogger;
}

/**
 * Finds one package: shipped with mapx, then the local cache, then the registries in order. Dependencies whose exact
 * version exists nowhere fall back to the best available version of the same package (logged), because published
 * FHIR packages often pin versions that no registry serves (e.g. hl7.terminology.r4 7.0.1 → extensions 5.2.0).
 */
export async function resolvePackage(
  spec: PackageSpec,
  isDependency: boolean,
  o: ResolverOptions,
): Promise<ResolvedPackage> {
  const searched: string[] = [];
  const exact = valid(spec.range) !== null || !isRange(spec.range);
  if (exact) {
    const local = await findLocal(spec.id, spec.range, o, searched);
    if (local) return local;
  }
  const remote = await findRemote(spec, o, searched);
  if (remote.resolved) return remote.resolved;
  const fallback =
    (await findLocalBest(spec, exact && !isDependency, o)) ??
    (isDependency && remote.known.length > 0
      ? (await findRemote({ id: spec.id, range: 'latest' }, o, [])).resolved
      : undefined);
  if (fallback) {
    o.logger.warn(
      { package: spec.id, requested: spec.range, using: fallback.version },
      'FHIR package version substituted',
    );
    return fallback;
  }
  const anywhere = remote.known.length > 0 ? ` (available: ${remote.known.slice(-5).join(', ')})` : '';
  throw new FhirContextError(
    remote.known.length > 0 ? 'FHIR_PACKAGE_VERSION_NOT_FOUND' : 'FHIR_PACKAGE_NOT_FOUND',
    `FHIR package ${spec.id}@${spec.range} not found${anywhere}; searched: ${searched.join('; ')}`,
  );
}

const isRange = (r: string): boolean => r === 'latest' || r === 'current' || validRange(r) !== null;

async function findLocal(
  id: string,
  version: string,
  o: ResolverOptions,
  searched: string[],
): Promise<ResolvedPackage | undefined> {
  if (isCached(o.cacheDir, id, version)) return open(o.cacheDir, id, version);
  const tgz = findEmbeddedTarball(id, version);
  searched.push(`packages shipped with mapx (${embeddedVersions(id).join(', ') || 'none'})`);
  if (tgz) {
    await installTarball(o.cacheDir, id, version, { file: tgz });
    return open(o.cacheDir, id, version);
  }
  searched.push(`cache ${o.cacheDir} (${listCachedVersions(o.cacheDir, id).join(', ') || 'no versions'})`);
  return undefined;
}

function open(cacheDir: string, id: string, version: string): ResolvedPackage {
  const folder = packageFolder(cacheDir, id, version);
  return { id, version, folder, manifest: readManifest(folder) };
}

type RemoteOutcome = { resolved?: ResolvedPackage; known: string[] };

async function findRemote(spec: PackageSpec, o: ResolverOptions, searched: string[]): Promise<RemoteOutcome> {
  const known: string[] = [];
  if (o.registries.length === 0) searched.push('registries (disabled)');
  for (const reg of o.registries) {
    const res = await fetchPackument(reg, spec.id);
    if (!res.ok) {
      searched.push(`${reg.url} (${res.reason})`);
      continue;
    }
    const version = pickVersion(res.packument, spec.range);
    known.push(...res.packument.versions.keys());
    if (!version) {
      searched.push(`${reg.url} (no version matching ${spec.range})`);
      continue;
    }
    if (isCached(o.cacheDir, spec.id, version))
      return { resolved: open(o.cacheDir, spec.id, version), known };
    return { resolved: await install(spec.id, version, res.packument, reg, o), known };
  }
  return { known };
}

async function install(id: string, version: string, p: Packument, reg: RegistryEndpoint, o: ResolverOptions) {
  const entry = p.versions.get(version);
  if (!entry)
    throw new FhirContextError('FHIR_PACKAGE_VERSION_NOT_FOUND', `${id}@${version} vanished from ${reg.url}`);
  const key = packageKey(id, version);
  o.logger.info({ package: key, registry: reg.url }, 'downloading FHIR package');
  const data = await downloadTarball(reg, key, entry);
  await installTarball(o.cacheDir, id, version, { data });
  return open(o.cacheDir, id, version);
}

/** Exact version, `latest`/`current` (dist-tag, else highest), or the highest version a semver range allows. */
export function pickVersion(p: Packument, range: string): string | undefined {
  if (p.versions.has(range)) return range;
  const all = [...p.versions.keys()].filter((v) => valid(v) !== null);
  if (range === 'latest' || range === 'current') return p.latest ?? rsort(all)[0];
  if (validRange(range) === null) return undefined;
  return maxSatisfying(all, range, { includePrerelease: false }) ?? undefined;
}

/** Offline fallback for `latest`/ranges, and substitution for dependencies pinned to missing versions. */
async function findLocalBest(spec: PackageSpec, strict: boolean, o: ResolverOptions) {
  if (strict) return undefined;
  const local = [...new Set([...listCachedVersions(o.cacheDir, spec.id), ...embeddedVersions(spec.id)])];
  const usable = local.filter((v) => valid(v) !== null);
  const inRange = validRange(spec.range) ? maxSatisfying(usable, spec.range) : null;
  const best = inRange ?? rsort(usable)[0];
  if (!best) return undefined;
  try {
    return await findLocal(spec.id, best, o, []);
  } catch (e) {
    o.logger.warn({ package: spec.id, error: describeError(e) }, 'local FHIR package unusable');
    return undefined;
  }
}
