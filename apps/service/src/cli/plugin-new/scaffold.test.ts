import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaffold } from './scaffold.js';
import { templateKinds } from './templates.js';

const PLACEHOLDERS = {
  __PACKAGE_NAME__: '@acme/mapx-thing',
  __PLUGIN_ID__: 'thing',
  __ENV_PREFIX__: 'THING',
  __PLUGIN_API_RANGE__: '^9.8.7',
  __TESTKIT_RANGE__: '^9.8.6',
  __VITEST_RANGE__: '^4.0.0',
};

describe('scaffold', () => {
  it.each(templateKinds())(
    '%s: a package with manifest, README and a test, every placeholder filled',
    (kind) => {
      const target = join(mkdtempSync(join(tmpdir(), 'mapx-scaffold-')), 'thing');
      const files = scaffold(kind, target, PLACEHOLDERS);
      expect(files).toEqual(
        expect.arrayContaining(['.gitignore', 'README.md', 'package.json', 'src/index.js']),
      );
      expect(files.some((f) => /^test\/.*\.test\.js$/.test(f))).toBe(true);
      const json = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as {
        name: string;
        mapx: unknown;
        peerDependencies: unknown;
        devDependencies: Record<string, string>;
      };
      expect(json.name).toBe('@acme/mapx-thing');
      expect(json.mapx).toEqual({ apiVersion: 1, kinds: [kind] });
      expect(json.peerDependencies).toEqual({ '@mapx/plugin-api': '^9.8.7' });
      expect(json.devDependencies['@mapx/plugin-testkit']).toBe('^9.8.6');
      for (const file of files) expect(readFileSync(join(target, file), 'utf8')).not.toMatch(/__[A-Z_]+__/);
      expect(readFileSync(join(target, 'src/index.js'), 'utf8')).toContain("id: 'thing'");
    },
  );

  it('never writes into a folder that has something in it', () => {
    const target = mkdtempSync(join(tmpdir(), 'mapx-scaffold-'));
    writeFileSync(join(target, 'mine.txt'), 'keep me');
    expect(() => scaffold('store', target, PLACEHOLDERS)).toThrow(`${target} exists and is not empty`);
    expect(readFileSync(join(target, 'mine.txt'), 'utf8')).toBe('keep me');
  });
});
