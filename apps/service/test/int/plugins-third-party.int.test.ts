import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** The docs/plugins.md example, packed as a real npm package and installed with npm into a temp folder. */
function packAndInstall(): string {
  const work = mkdtempSync(join(tmpdir(), 'mapx-3p-'));
  execFileSync('npx', ['tsc', '-b', 'shared/plugin-api'], { cwd: ROOT, stdio: 'pipe' });
  execFileSync('npm', ['pack', '--pack-destination', work, '-w', '@mapx/plugin-api'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const src = join(work, 'acme-src');
  mkdirSync(src);
  writeFileSync(
    join(src, 'package.json'),
    JSON.stringify({
      name: '@acme/mapx-normalizer-kv',
      version: '1.2.3',
      type: 'module',
      main: 'index.js',
      peerDependencies: { '@mapx/plugin-api': '*' },
      mapx: { apiVersion: 1, kinds: ['normalizer'] },
    }),
  );
  writeFileSync(
    join(src, 'index.js'),
    `import { defineNormalizer } from '@mapx/plugin-api';
const optionsSchema = { '~standard': { version: 1, vendor: 'acme', validate: (v) => ({ value: { separator: v.separator ?? '=' } }) } };
export default defineNormalizer({
  meta: { packageName: '@acme/mapx-normalizer-kv', version: '1.2.3', id: 'acme-kv', apiVersion: 1, description: 'key=value lines' },
  optionsSchema, mediaTypes: ['application/x-acme-kv'],
  create: (options) => ({ normalize(input) {
    const value = {};
    for (const line of String(input.body).split(/\\r?\\n/)) {
      if (!line.trim()) continue;
      const i = line.indexOf(options.separator);
      if (i < 0) return { ok: false, issues: [{ code: 'KV_NO_SEPARATOR', message: 'line without separator: ' + line, status: 422 }] };
      value[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
    return { ok: true, value };
  } }),
});
`,
  );
  execFileSync('npm', ['pack', '--pack-destination', work], { cwd: src, stdio: 'pipe' });
  const app = join(work, 'deployment');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"name":"deployment","private":true}');
  const tgz = readdirSync(work)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => join(work, f));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', ...tgz], {
    cwd: app,
    stdio: 'pipe',
  });
  return join(app, 'node_modules', '@acme', 'mapx-normalizer-kv');
}

describe('a third-party plugin installed from an npm package, used by the real service process', () => {
  let s: Started;
  beforeAll(async () => {
    buildService();
    const installed = packAndInstall();
    s = await startBuiltServer({
      MAPX_PLUGINS: installed,
      MAPX_PLUGIN_OPTIONS: '{"normalizer:acme-kv":{"separator":":"}}',
    });
  }, 180_000);
  afterAll(async () => {
    expect(await s.stop()).toBe(0);
  });
  const post = (body: unknown) =>
    fetch(`${s.baseUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is discovered, listed and logged', async () => {
    const list = (await (await fetch(`${s.baseUrl}/plugins`)).json()) as { builtIn: boolean }[];
    expect(list).toContainEqual({
      kind: 'normalizer',
      id: 'acme-kv',
      packageName: '@acme/mapx-normalizer-kv',
      version: '1.2.3',
      description: 'key=value lines',
      builtIn: false,
      active: true,
    });
    expect(list.filter((p) => p.builtIn).length).toBeGreaterThanOrEqual(9);
    expect(s.stdout.join('')).toContain('plugin normalizer:acme-kv from @acme/mapx-normalizer-kv@1.2.3');
  });

  it('normalises input for POST / with its options applied', async () => {
    const res = await post({
      mapx: '$.name & " is " & $.age',
      input: 'name: Dana\nage: 34',
      contentType: 'application/x-acme-kv',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('Dana is 34');
  });

  it('reports its coded issues', async () => {
    const res = await post({ mapx: '$', input: 'no separator here', contentType: 'application/x-acme-kv' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'KV_NO_SEPARATOR', __isMapxError: true });
  });
});
