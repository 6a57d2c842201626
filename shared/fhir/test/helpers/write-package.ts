import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes a FHIR package folder (`<cache>/<id>#<version>/package/…`) from resources. */
export function writeCachedPackage(
  cacheDir: string,
  manifest: { name: string; version: string; dependencies?: Record<string, string> },
  resources: readonly Record<string, unknown>[],
): string {
  const dir = join(cacheDir, `${manifest.name}#${manifest.version}`, 'package');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ fhirVersions: ['4.0.1'], ...manifest }));
  for (const r of resources)
    writeFileSync(join(dir, `${String(r.resourceType)}-${String(r.id)}.json`), JSON.stringify(r));
  return dir;
}
