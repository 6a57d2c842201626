import { describe, expect, it } from 'vitest';
import { PluginError } from '@mapx/plugin-api';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/logger.js';
import { createRuntime } from '../../src/runtime.js';
import { plainNormalizerSource, writeTempPackage } from '../helpers/temp-package.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

async function startWith(pluginDir: string, env: Record<string, string> = {}) {
  const r = loadConfig({ MAPX_PLUGINS: pluginDir, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, ...env });
  if (!r.ok) throw new Error(r.message);
  return createRuntime(r.config, createLogger('silent'));
}

async function failure(pluginDir: string, env: Record<string, string> = {}): Promise<PluginError> {
  const err = await startWith(pluginDir, env).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PluginError);
  return err as PluginError;
}

describe('broken plugins stop start-up with a message naming the package', () => {
  it('no brand', async () => {
    const dir = writeTempPackage('acme-no-brand', { 'index.js': 'export default { kind: "normalizer" };' });
    const err = await failure(dir);
    expect(err.code).toBe('PLUGIN_BAD_BRAND');
    expect(err.message).toContain('acme-no-brand');
    expect(err.message).toContain('$$type "@mapx/plugin"');
  });

  it('wrong apiVersion in the manifest', async () => {
    const dir = writeTempPackage(
      'acme-api2',
      { 'index.js': plainNormalizerSource('acme-api2') },
      { apiVersion: 2, kinds: ['normalizer'] },
    );
    const err = await failure(dir);
    expect(err.code).toBe('PLUGIN_BAD_API_VERSION');
    expect(err.message).toMatch(/acme-api2.*apiVersion.*2.*supports 1/);
  });

  it('wrong apiVersion in the plugin meta', async () => {
    const src = plainNormalizerSource('acme-meta2').replace('apiVersion: 1 }', 'apiVersion: 3 }');
    const err = await failure(writeTempPackage('acme-meta2', { 'index.js': src }));
    expect(err.code).toBe('PLUGIN_BAD_API_VERSION');
    expect(err.message).toContain('plugin API version 3 is not supported');
  });

  it('import throws: the cause is kept', async () => {
    const dir = writeTempPackage('acme-throws', { 'index.js': 'throw new Error("boom at import");' });
    const err = await failure(dir);
    expect(err.code).toBe('PLUGIN_IMPORT_FAILED');
    expect(err.message).toContain('acme-throws');
    expect((err.cause as Error).message).toBe('boom at import');
  });

  it('bad options', async () => {
    const src = plainNormalizerSource('acme-opts').replace(
      'validate: (v) => ({ value: v })',
      "validate: (v) => (v.level > 3 ? { value: v } : { issues: [{ message: 'level must be above 3', path: ['level'] }] })",
    );
    const dir = writeTempPackage('acme-opts', { 'index.js': src });
    const err = await failure(dir, { MAPX_PLUGIN_OPTIONS: '{"normalizer:plain-test":{"level":1}}' });
    expect(err.code).toBe('PLUGIN_BAD_OPTIONS');
    expect(err.message).toBe(
      'acme-opts: invalid options for plugin normalizer:plain-test: level: level must be above 3',
    );
  });

  it('duplicate (kind, id)', async () => {
    const a = writeTempPackage('acme-a', { 'index.js': plainNormalizerSource('acme-a') });
    const b = writeTempPackage('acme-b', { 'index.js': plainNormalizerSource('acme-b') });
    const err = await failure(`${a},${b}`);
    expect(err.code).toBe('PLUGIN_DUPLICATE');
    expect(err.message).toContain('normalizer:plain-test is already provided by acme-a');
  });

  it('a package named in MAPX_PLUGINS that does not exist', async () => {
    const err = await failure('acme-not-installed-anywhere');
    expect(err.code).toBe('PLUGIN_NOT_FOUND');
  });
});
