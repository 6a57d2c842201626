import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes a throw-away npm package (package.json + files) into a new temp folder and returns its path. */
export function writeTempPackage(
  name: string,
  files: Record<string, string>,
  manifest: object = { apiVersion: 1, kinds: ['normalizer'] },
): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'mapx-plugin-')), name.replace('/', '__'));
  mkdirSync(dir, { recursive: true });
  const pkg = { name, version: '1.0.0', type: 'module', main: 'index.js', mapx: manifest };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** A branded normaliser plugin written as plain JavaScript (no dependency on @mapx/plugin-api). */
export function plainNormalizerSource(packageName: string, extra = ''): string {
  return `
const schema = { '~standard': { version: 1, vendor: 'test', validate: (v) => ({ value: v }) } };
export default {
  $$type: '@mapx/plugin', kind: 'normalizer',
  meta: { packageName: ${JSON.stringify(packageName)}, version: '1.0.0', id: 'plain-test', apiVersion: 1 },
  optionsSchema: schema, mediaTypes: ['application/x-plain-test'],
  create: () => ({ normalize: (input) => ({ ok: true, value: { text: String(input.body) } }) }),
  ${extra}
};`;
}
