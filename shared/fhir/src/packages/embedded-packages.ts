import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Packages shipped inside @mapx/fhir so that FLASH works offline out of the box. */
const EMBEDDED: readonly { id: string; version: string; file: string }[] = [
  { id: 'hl7.fhir.r4.core', version: '4.0.1', file: 'hl7.fhir.r4.core-4.0.1.tgz' },
];

/** `src/` and `dist/` sit at the same depth, so one relative URL serves both. */
const PACKAGES_DIR = new URL('../../packages/', import.meta.url);

export function findEmbeddedTarball(id: string, version: string): string | undefined {
  const hit = EMBEDDED.find((p) => p.id === id && p.version === version);
  if (!hit) return undefined;
  const path = fileURLToPath(new URL(hit.file, PACKAGES_DIR));
  return existsSync(path) ? path : undefined;
}

export function embeddedVersions(id: string): string[] {
  return EMBEDDED.filter((p) => p.id === id).map((p) => p.version);
}
