import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FhirContextError, describeError } from '../errors.js';
import { packageKey } from './package-spec.js';

/** The fields of package/package.json the context uses. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly fhirVersions?: readonly string[];
}

/** `<cache>/<id>#<version>`: the layout shared with other FHIR tools. */
export const packageFolder = (cacheDir: string, id: string, version: string): string =>
  join(cacheDir, packageKey(id, version));

/** Installed versions of a package in the cache (folders with a package/package.json). */
export function listCachedVersions(cacheDir: string, id: string): string[] {
  if (!existsSync(cacheDir)) return [];
  const prefix = `${id}#`;
  return readdirSync(cacheDir)
    .filter((n) => n.toLowerCase().startsWith(prefix))
    .map((n) => n.slice(prefix.length))
    .filter((v) => existsSync(join(cacheDir, `${prefix}${v}`, 'package', 'package.json')));
}

export function isCached(cacheDir: string, id: string, version: string): boolean {
  return existsSync(join(packageFolder(cacheDir, id, version), 'package', 'package.json'));
}

/** Reads `<folder>/package/package.json`; a missing or broken manifest is a corrupt cache entry. */
export function readManifest(folder: string): PackageManifest {
  const file = join(folder, 'package', 'package.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new FhirContextError(
      'FHIR_PACKAGE_CACHE_CORRUPT',
      `FHIR package folder ${folder} is unusable (${describeError(e)}); delete it to reinstall`,
      { cause: e },
    );
  }
  const m = raw as Record<string, unknown>;
  if (typeof m.name !== 'string' || typeof m.version !== 'string') {
    throw new FhirContextError(
      'FHIR_PACKAGE_CACHE_CORRUPT',
      `${file} has no name/version; delete ${folder} to reinstall`,
    );
  }
  const deps =
    m.dependencies && typeof m.dependencies === 'object' ? (m.dependencies as Record<string, string>) : {};
  const fhirVersions = Array.isArray(m.fhirVersions) ? (m.fhirVersions as string[]) : undefined;
  return { name: m.name, version: m.version, dependencies: deps, ...(fhirVersions ? { fhirVersions } : {}) };
}

export type TarballSource = { readonly file: string } | { readonly data: Buffer };

/**
 * Extracts a package tarball into a temp folder inside the cache, checks it, then renames it into place, so that
 * other processes (and other FHIR tools sharing the cache) never see a half-written package.
 */
export async function installTarball(
  cacheDir: string,
  id: string,
  version: string,
  source: TarballSource,
): Promise<string> {
  const target = packageFolder(cacheDir, id, version);
  await ensureWritable(cacheDir);
  const tmp = join(
    cacheDir,
    `.mapx-tmp-${packageKey(id, version)}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    await mkdir(tmp, { recursive: true });
    await extractInto(tmp, source);
    await normaliseLayout(tmp);
    const manifest = readManifest(tmp);
    if (manifest.name.toLowerCase() !== id || manifest.version !== version) {
      throw new FhirContextError(
        'FHIR_PACKAGE_INVALID',
        `Tarball for ${packageKey(id, version)} holds ${packageKey(manifest.name, manifest.version)}`,
      );
    }
    await moveIntoPlace(tmp, target);
    return target;
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    if (e instanceof FhirContextError && e.code !== 'FHIR_PACKAGE_CACHE_CORRUPT') throw e;
    throw new FhirContextError(
      'FHIR_PACKAGE_INVALID',
      `FHIR package ${packageKey(id, version)} could not be extracted (${describeError(e)})`,
      { cause: e },
    );
  }
}

async function ensureWritable(cacheDir: string): Promise<void> {
  try {
    await mkdir(cacheDir, { recursive: true });
    const probe = join(cacheDir, `.mapx-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (e) {
    throw new FhirContextError(
      'FHIR_PACKAGE_CACHE_UNWRITABLE',
      `FHIR package cache ${cacheDir} is not writable (${describeError(e)})`,
      { cause: e },
    );
  }
}

async function extractInto(dir: string, source: TarballSource): Promise<void> {
  // Loaded on demand: a warm start never extracts, and tar costs start-up time.
  const { extract } = await import('tar');
  if ('file' in source) {
    await extract({ file: source.file, cwd: dir, strict: true });
    return;
  }
  await pipeline(Readable.from([source.data]), extract({ cwd: dir, strict: true }));
}

/** A few old tarballs have no top `package/` folder; give them one. */
async function normaliseLayout(dir: string): Promise<void> {
  if (existsSync(join(dir, 'package', 'package.json'))) return;
  if (!existsSync(join(dir, 'package.json'))) {
    throw new FhirContextError('FHIR_PACKAGE_INVALID', 'tarball has no package/package.json');
  }
  const entries = await readdir(dir);
  await mkdir(join(dir, 'package'));
  for (const e of entries) await rename(join(dir, e), join(dir, 'package', e));
}

async function moveIntoPlace(tmp: string, target: string): Promise<void> {
  try {
    await rename(tmp, target);
  } catch (e) {
    // Another process won the race and installed the same package: keep theirs.
    if (existsSync(join(target, 'package', 'package.json'))) {
      await rm(tmp, { recursive: true, force: true });
      return;
    }
    throw e;
  }
}
