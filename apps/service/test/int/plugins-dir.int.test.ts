import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PluginError } from '@mapx/plugin-api';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/logger.js';
import { createRuntime } from '../../src/runtime.js';
import { plainNormalizerSource, writeTempPackage } from '../helpers/temp-package.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

async function start(env: Record<string, string>) {
  const r = loadConfig({ FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, ...env });
  if (!r.ok) throw new Error(r.message);
  return createRuntime(r.config, createLogger('silent'));
}

async function failure(env: Record<string, string>): Promise<PluginError> {
  const err = await start(env).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PluginError);
  return err as PluginError;
}

/** A normaliser package whose id and media type are its own, so several can load side by side. */
function normaliserPackage(name: string, id: string): string {
  const src = plainNormalizerSource(name)
    .replace("id: 'plain-test'", `id: '${id}'`)
    .replace('application/x-plain-test', `application/x-${id}`);
  return writeTempPackage(name, { 'index.js': src });
}

/** Copies package folders into a new plugins folder, at the relative paths given. */
function pluginsFolder(entries: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-plugin-dir-'));
  for (const [at, from] of Object.entries(entries)) cpSync(from, join(dir, at), { recursive: true });
  return dir;
}

const userPlugins = (list: readonly { builtIn: boolean; packageName: string }[]) =>
  list.filter((p) => !p.builtIn).map((p) => p.packageName);

describe('MAPX_PLUGIN_DIR: a folder of plugin packages', () => {
  it('loads every package folder, scoped ones too, in name order, after MAPX_PLUGINS', async () => {
    const dir = pluginsFolder({
      'zeta-kv': normaliserPackage('zeta-kv', 'zeta'),
      '@acme/alpha-kv': normaliserPackage('@acme/alpha-kv', 'alpha'),
      '.cache/ignored': normaliserPackage('ignored', 'ignored'),
      'node_modules/dep': normaliserPackage('dep', 'dep'),
    });
    const named = normaliserPackage('named-kv', 'named');
    const runtime = await start({ MAPX_PLUGIN_DIR: dir, MAPX_PLUGINS: named });
    expect(userPlugins(runtime.plugins.list)).toEqual(['named-kv', '@acme/alpha-kv', 'zeta-kv']);
    const zeta = runtime.plugins.normalizers.find((n) => n.id === 'zeta');
    expect(zeta?.mediaTypes).toEqual(['application/x-zeta']);
    expect(
      await zeta?.normalizer.normalize({ body: 'hi', mediaType: 'application/x-zeta' } as never),
    ).toEqual({
      ok: true,
      value: { text: 'hi' },
    });
  });

  it('a folder that does not exist stops start-up', async () => {
    const missing = join(tmpdir(), 'mapx-no-such-plugins-folder');
    const err = await failure({ MAPX_PLUGIN_DIR: missing });
    expect(err.code).toBe('PLUGIN_NOT_FOUND');
    expect(err.message).toBe(`${missing}: plugins folder not found (MAPX_PLUGIN_DIR)`);
  });

  it('applies the same checks, with the same messages, as MAPX_PLUGINS', async () => {
    const noManifest = writeTempPackage('acme-plain-lib', { 'index.js': 'export default 1;' });
    const json = join(noManifest, 'package.json');
    writeFileSync(json, JSON.stringify({ name: 'acme-plain-lib', version: '1.0.0', type: 'module' }));
    const viaList = await failure({ MAPX_PLUGINS: noManifest });
    const viaDir = await failure({ MAPX_PLUGIN_DIR: pluginsFolder({ 'acme-plain-lib': noManifest }) });
    expect(viaDir.code).toBe('PLUGIN_BAD_MANIFEST');
    expect([viaDir.code, viaDir.message]).toEqual([viaList.code, viaList.message]);

    const dupe = pluginsFolder({
      a: normaliserPackage('a-kv', 'same'),
      b: normaliserPackage('b-kv', 'same'),
    });
    const err = await failure({ MAPX_PLUGIN_DIR: dupe });
    expect(err.code).toBe('PLUGIN_DUPLICATE');
    expect(err.message).toContain('normalizer:same is already provided by a-kv');
  });

  it('a folder without package.json in it is reported, naming the setting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapx-plugin-dir-'));
    mkdirSync(join(dir, 'half-copied'));
    const err = await failure({ MAPX_PLUGIN_DIR: dir });
    expect(err.code).toBe('PLUGIN_NOT_FOUND');
    expect(err.message).toBe(`${join(dir, 'half-copied')}: plugin package not found (MAPX_PLUGIN_DIR)`);
  });
});

describe('MAPX_PLUGINS resolves package names from the deployment folder (cwd)', () => {
  const before = process.cwd();
  afterEach(() => process.chdir(before));

  it('finds a package installed in the working directory, not in the service', async () => {
    const deployment = mkdtempSync(join(tmpdir(), 'mapx-deployment-'));
    cpSync(normaliserPackage('acme-cwd-kv', 'cwd'), join(deployment, 'node_modules/acme-cwd-kv'), {
      recursive: true,
    });
    expect((await failure({ MAPX_PLUGINS: 'acme-cwd-kv' })).code).toBe('PLUGIN_NOT_FOUND');
    process.chdir(deployment);
    const runtime = await start({ MAPX_PLUGINS: 'acme-cwd-kv' });
    expect(userPlugins(runtime.plugins.list)).toEqual(['acme-cwd-kv']);
  });
});
