import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FhirContextError, loadFhirContext, type FhirContextOptions } from '../src/index.js';
import { closedPort, startRegistry, startSilentServer } from './helpers/fake-registry.js';
import { createTestCache, removeTestCaches } from './helpers/r4-context.js';

const vsRes = (id: string) => ({
  resourceType: 'ValueSet',
  id,
  url: `http://example.org/ValueSet/${id}`,
  status: 'active',
});
const core = { 'hl7.fhir.r4.core': '4.0.1' };

async function failure(o: FhirContextOptions): Promise<FhirContextError> {
  const e: unknown = await loadFhirContext(o).then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof FhirContextError)) throw new Error(`expected a FhirContextError, got ${String(e)}`);
  return e;
}

describe('package resolution through registries and the cache', () => {
  let registry: Awaited<ReturnType<typeof startRegistry>>;
  const TOKEN = 's3cret-token';
  beforeAll(async () => {
    registry = await startRegistry(
      [
        {
          name: 'local.lib',
          version: '2.0.0',
          dependencies: core,
          resources: [vsRes('from-lib'), vsRes('shared-id')],
        },
        {
          name: 'local.pkg',
          version: '1.0.0',
          dependencies: { ...core, 'local.lib': '2.0.0' },
          resources: [vsRes('old')],
        },
        {
          name: 'local.pkg',
          version: '1.1.0',
          dependencies: { ...core, 'local.lib': '2.0.0' },
          resources: [vsRes('shared-id')],
        },
        { name: 'needs.missing', version: '1.0.0', dependencies: { ...core, 'no.such.dep': '1.0.0' } },
        { name: 'pinned.old', version: '1.0.0', dependencies: { ...core, 'local.lib': '1.9.9' } },
        { name: 'bad.integrity', version: '1.0.0', dependencies: core, damage: 'wrong-integrity' },
        { name: 'truncated.pkg', version: '1.0.0', dependencies: core, damage: 'truncate' },
      ],
      TOKEN,
    );
  });
  afterAll(async () => {
    await registry.close();
    removeTestCaches();
  });

  const options = async (
    packages: string[],
    extra: Partial<FhirContextOptions> = {},
  ): Promise<FhirContextOptions> => ({
    fhirVersion: '4.0.1',
    packages,
    cacheDir: await createTestCache(),
    registryUrl: registry.url,
    registryToken: TOKEN,
    registryTimeoutMs: 2000,
    ...extra,
  });

  it('installs the latest version with its transitive dependencies, verified, into the standard layout', async () => {
    const o = await options(['local.pkg']);
    const ctx = await loadFhirContext(o);
    expect(ctx.packages).toEqual([
      { id: 'hl7.fhir.r4.core', version: '4.0.1' },
      { id: 'local.lib', version: '2.0.0' },
      { id: 'local.pkg', version: '1.1.0' },
    ]);
    expect(ctx.key).toBe('hl7.fhir.r4.core@4.0.1,local.pkg@1.1.0');
    expect(
      readdirSync(o.cacheDir)
        .filter((n) => !n.startsWith('hl7'))
        .sort(),
    ).toEqual(['local.lib#2.0.0', 'local.pkg#1.1.0']);
    // requested package before its dependency for a shared id
    expect(ctx.resolveInfo('ValueSet', 'shared-id')?.package).toBe('local.pkg#1.1.0');
    expect(ctx.resolveInfo('ValueSet', 'from-lib')?.package).toBe('local.lib#2.0.0');
    // once cached, the same context loads with every registry disabled
    const offline = await loadFhirContext({ ...o, packages: ['local.pkg@1.1.0'], registryUrl: 'n/a' });
    expect(offline.packages).toEqual(ctx.packages);
    const latestOffline = await loadFhirContext({ ...o, registryUrl: 'n/a' });
    expect(latestOffline.packages.find((p) => p.id === 'local.pkg')?.version).toBe('1.1.0');
  });

  it('installs an exact older version on request', async () => {
    const ctx = await loadFhirContext(await options(['local.pkg@1.0.0']));
    expect(ctx.resolve('ValueSet', 'old')?.['url']).toBe('http://example.org/ValueSet/old');
  });

  it('substitutes the available version for a dependency pinned to a version no registry has', async () => {
    const ctx = await loadFhirContext(await options(['pinned.old@1.0.0']));
    expect(ctx.packages.map((p) => `${p.id}@${p.version}`)).toContain('local.lib@2.0.0');
  });

  it('names the package and every place searched when a dependency exists nowhere', async () => {
    const e = await failure(await options(['needs.missing@1.0.0']));
    expect(e.code).toBe('FHIR_PACKAGE_NOT_FOUND');
    expect(e.message).toContain('no.such.dep@1.0.0');
    expect(e.message).toContain('packages shipped with mapx');
    expect(e.message).toContain('cache ');
    expect(e.message).toContain(`${registry.url} (not found)`);
  });

  it('rejects an explicitly requested version that does not exist', async () => {
    const e = await failure(await options(['local.pkg@9.9.9']));
    expect(e.code).toBe('FHIR_PACKAGE_VERSION_NOT_FOUND');
    expect(e.message).toMatch(/local\.pkg@9\.9\.9.*available: 1\.0\.0, 1\.1\.0/);
  });

  it('refuses a tarball that fails its sha512 integrity check and leaves nothing in the cache', async () => {
    const o = await options(['bad.integrity@1.0.0']);
    const e = await failure(o);
    expect(e.code).toBe('FHIR_PACKAGE_INTEGRITY_MISMATCH');
    expect(readdirSync(o.cacheDir).filter((n) => n.startsWith('bad') || n.startsWith('.mapx'))).toEqual([]);
  });

  it('reports a truncated tarball as an invalid package and cleans its temp folder', async () => {
    const o = await options(['truncated.pkg@1.0.0']);
    const e = await failure(o);
    expect(e.code).toBe('FHIR_PACKAGE_INVALID');
    expect(e.message).toContain('truncated.pkg#1.0.0');
    expect(readdirSync(o.cacheDir).filter((n) => n !== 'hl7.fhir.r4.core#4.0.1')).toEqual([]);
  });

  it('sends the registry token, so a wrong token is a clear failure', async () => {
    const e = await failure(await options(['local.pkg@1.1.0'], { registryToken: 'wrong' }));
    expect(e.message).toContain(`${registry.url} (HTTP 401)`);
  });

  it('fails fast with a closed registry port, and on a registry that never answers', async () => {
    const port = await closedPort();
    const closed = await failure(await options(['local.pkg'], { registryUrl: `http://127.0.0.1:${port}` }));
    expect(closed.code).toBe('FHIR_PACKAGE_NOT_FOUND');
    expect(closed.message).toContain(`http://127.0.0.1:${port} (unreachable (ECONNREFUSED))`);
    const silent = await startSilentServer();
    try {
      const hung = await failure(
        await options(['local.pkg'], { registryUrl: silent.url, registryTimeoutMs: 300 }),
      );
      expect(hung.message).toContain(`${silent.url} (unreachable (timed out))`);
    } finally {
      await silent.close();
    }
  });

  it('falls back through the default registries in order', async () => {
    const port = await closedPort();
    const o = await options(['local.lib@2.0.0'], { registryUrl: undefined, registryToken: undefined });
    const e = await failure({ ...o, defaultRegistries: [`http://127.0.0.1:${port}`, registry.url] });
    // the fake registry wants a token, which public registries never get
    expect(e.message).toContain(
      `http://127.0.0.1:${port} (unreachable (ECONNREFUSED)); ${registry.url} (HTTP 401)`,
    );
  });

  it('reports a corrupt cache entry instead of crashing', async () => {
    const cacheDir = await createTestCache();
    mkdirSync(join(cacheDir, 'broken.pkg#1.0.0', 'package'), { recursive: true });
    writeFileSync(join(cacheDir, 'broken.pkg#1.0.0', 'package', 'package.json'), '{"name": "broken.pkg", ');
    const e = await failure({
      fhirVersion: '4.0.1',
      packages: ['broken.pkg@1.0.0'],
      cacheDir,
      registryUrl: 'n/a',
    });
    expect(e.code).toBe('FHIR_PACKAGE_CACHE_CORRUPT');
    expect(e.message).toContain('broken.pkg#1.0.0');
  });

  it('rejects bad options with stable codes', async () => {
    expect((await failure(await options([], { fhirVersion: '9.9.9' }))).code).toBe(
      'FHIR_VERSION_UNSUPPORTED',
    );
    expect((await failure(await options(['not a package!']))).code).toBe('FHIR_PACKAGE_SPEC_INVALID');
    expect((await failure(await options([], { cacheDir: 'relative/dir' }))).code).toBe(
      'FHIR_PACKAGE_CACHE_UNWRITABLE',
    );
  });
});
