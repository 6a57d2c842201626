import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFhirContext, type FhirContext } from '@mapx/fhir';

/** Test support: the real R4 core context in a throw-away package cache, offline. */
export async function loadR4Context(): Promise<{ fhir: FhirContext; dispose: () => void }> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'mapx-templates-'));
  const fhir = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir, registryUrl: 'n/a' });
  return { fhir, dispose: () => rmSync(cacheDir, { recursive: true, force: true }) };
}
