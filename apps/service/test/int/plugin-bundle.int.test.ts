import { execFileSync } from 'node:child_process';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { plainNormalizerSource, writeTempPackage } from '../helpers/temp-package.js';

const DISCOVER = pathToFileURL(resolve(import.meta.dirname, '../../dist/plugins/discover-plugins.js')).href;

/** The media types of every plugin the built service discovers with `MAPX_PLUGINS=<dir>`, in a plain Node process. */
function discovered(dir: string): string[] {
  const script = `import { discoverPlugins } from ${JSON.stringify(DISCOVER)};
    const quiet = { info() {}, warn() {}, error() {}, debug() {}, child() { return quiet; } };
    const found = await discoverPlugins({ extra: [${JSON.stringify(dir)}] }, quiet);
    process.stdout.write(JSON.stringify(found.flatMap((p) => p.plugin.mediaTypes ?? [])));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

/** A plugin package whose modules and whose bundle name different media types, and the bundle's manifest. */
function bundledPackage(): { dir: string; writeManifest: () => void } {
  const source = (type: string) => plainNormalizerSource('bundled-kv').replace('x-plain-test', type);
  const dir = writeTempPackage('bundled-kv', {
    'index.js': source('x-from-modules'),
    'index.bundle.js': source('x-from-bundle'),
  });
  const writeManifest = () => {
    const files = ['index.bundle.js', 'index.js'].map((f) => {
      const s = statSync(join(dir, f));
      return [f, s.mtimeMs, s.size];
    });
    writeFileSync(join(dir, 'index.bundle.json'), JSON.stringify({ files }));
  };
  return { dir, writeManifest };
}

describe('plugin bundles: a plugin loads from the bundle next to its entry while that bundle is current', () => {
  it('takes a current bundle, and the modules once one of its inputs changed or without a manifest', () => {
    const { dir, writeManifest } = bundledPackage();
    expect(discovered(dir)).toContain('application/x-from-modules');

    writeManifest();
    const withBundle = discovered(dir);
    expect(withBundle).toContain('application/x-from-bundle');
    expect(withBundle).not.toContain('application/x-from-modules');

    // a `tsc -b` since the bundle: its input is newer than the manifest says
    const later = new Date(statSync(join(dir, 'index.js')).mtimeMs + 5_000);
    utimesSync(join(dir, 'index.js'), later, later);
    expect(discovered(dir)).toContain('application/x-from-modules');
  });

  it('every built-in plugin has a current bundle after the build', () => {
    const script = `import { currentBundle } from ${JSON.stringify(DISCOVER.replace('discover-plugins.js', 'plugin-bundle.js'))};
      const dirs = ${JSON.stringify(['auth', 'listeners/mllp', 'normalizers/csv', 'normalizers/hl7v2', 'stores/folder', 'stores/standard'])};
      process.stdout.write(JSON.stringify(dirs.map((d) => currentBundle(${JSON.stringify(resolve(import.meta.dirname, '../../../../plugins'))} + '/' + d + '/dist/index.js') !== undefined)));`;
    const current = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as boolean[];
    expect(current).toEqual([true, true, true, true, true, true]);
  });
});
