// The packages mapx publishes, in dependency order (a package comes after those it depends on). One list for
// packing, publint/attw, the stranger's install test and the release docs (docs/plugins.md, "Publishing").
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export const PUBLIC_PACKAGE_DIRS = [
  'shared/plugin-api',
  'shared/plugin-testkit',
  'shared/xml',
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
  'plugins/auth',
  'apps/service',
];

/** `{ dir, name, version }` of every public package. */
export function publicPackages() {
  return PUBLIC_PACKAGE_DIRS.map((dir) => {
    const json = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    return { dir, name: json.name, version: json.version };
  });
}
