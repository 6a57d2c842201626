// The packages mapx publishes, in dependency order (a package comes after those it depends on). One list for
// packing, publint/attw, the stranger's install test and the release docs (docs/plugins.md, "Publishing").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export const PUBLIC_PACKAGE_DIRS = [
  'shared/plugin-api',
  'shared/plugin-testkit',
  'shared/xml',
  'shared/hl7v2',
  'shared/fhir',
  'shared/fhir-client',
  'shared/engine',
  'shared/api',
  'plugins/normalizers/json',
  'plugins/normalizers/fhir-json',
  'plugins/normalizers/xml',
  'plugins/normalizers/fhir-xml',
  'plugins/normalizers/csv',
  'plugins/normalizers/hl7v2',
  'plugins/stores/folder',
  'plugins/stores/fhir-server',
  'plugins/stores/standard',
  'plugins/auth',
  'plugins/listeners/mllp',
  'apps/service',
];

/** `{ dir, name, version }` of every public package. */
export function publicPackages() {
  assertListComplete();
  return PUBLIC_PACKAGE_DIRS.map((dir) => {
    const json = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    return { dir, name: json.name, version: json.version };
  });
}

/** A workspace package that is not private must be in the list: otherwise it would silently never be published. */
function assertListComplete() {
  const missing = workspaceDirs().filter((dir) => {
    const json = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    return json.private !== true && !PUBLIC_PACKAGE_DIRS.includes(dir);
  });
  if (missing.length > 0) {
    throw new Error(`public workspace packages missing from PUBLIC_PACKAGE_DIRS: ${missing.join(', ')}`);
  }
}

function workspaceDirs() {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(ROOT, parent, e.name, 'package.json')))
      .map((e) => `${parent}/${e.name}`);
  });
}
