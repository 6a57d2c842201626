import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildService, ROOT } from '../helpers/start-built-server.js';

const BIN = resolve(ROOT, 'apps/service/bin/mapx.js');

/** The `mapx` bin as installed, run from a folder of the user's. */
function mapx(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('mapx plugin new and mapx serve (CLI)', () => {
  let dir: string;
  beforeAll(() => {
    buildService();
    dir = mkdtempSync(join(tmpdir(), 'mapx-plugin-new-'));
  }, 180_000);

  it('scaffolds a kind into the folder named, and says what to do next', () => {
    const r = mapx(dir, 'plugin', 'new', 'store', '@acme/mapx-store-redis', 'redis-store');
    expect([r.code, r.err]).toEqual([0, '']);
    const target = join(dir, 'redis-store');
    expect(r.out).toContain(`created store plugin @acme/mapx-store-redis (id "redis") in ${target}`);
    expect(r.out).toContain(`next: cd ${target} && npm install && npm test`);
    const json = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    const api = JSON.parse(readFileSync(join(ROOT, 'shared/plugin-api/package.json'), 'utf8')) as {
      version: string;
    };
    expect(json.peerDependencies['@mapx/plugin-api']).toBe(`^${api.version}`);
    expect(existsSync(join(target, 'test/store.test.js'))).toBe(true);
  });

  it('defaults the folder to the name without its scope, and refuses to write over it', () => {
    expect(mapx(dir, 'plugin', 'new', 'normalizer', '@acme/kv-lines').code).toBe(0);
    expect(existsSync(join(dir, 'kv-lines/src/index.js'))).toBe(true);
    const again = mapx(dir, 'plugin', 'new', 'normalizer', '@acme/kv-lines');
    expect([again.code, again.err]).toEqual([
      1,
      `mapx: ${join(dir, 'kv-lines')} exists and is not empty; choose a new folder\n`,
    ]);
  });

  it('names the kinds it has when given another', () => {
    const r = mapx(dir, 'plugin', 'new', 'exporter', 'acme-x');
    expect([r.code, r.err]).toEqual([
      1,
      'mapx: unknown plugin kind "exporter"; one of: auth-provider, listener, normalizer, store\n',
    ]);
  });

  it('refuses a package name npm would refuse', () => {
    const r = mapx(dir, 'plugin', 'new', 'normalizer', '../escape');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^mapx: "..\/escape" is not a valid npm package name: /);
    expect(existsSync(join(dir, '../escape'))).toBe(false);
  });

  it('prints its usage with the kinds', () => {
    const r = mapx(dir, 'plugin', 'help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Kinds: auth-provider, listener, normalizer, store.');
  });

  it('mapx serve takes its configuration from the environment only', () => {
    const r = mapx(dir, 'serve', '--port', '8080');
    expect([r.code, r.err]).toEqual([
      1,
      'mapx: serve takes no arguments; it is configured by environment variables\n',
    ]);
  });
});
