import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFhirContext, type FhirContext } from '../../src/index.js';

const SHARED = join(tmpdir(), 'mapx-fhir-test-core-cache');
let shared: Promise<unknown> | undefined;
const created: string[] = [];

/**
 * A fresh cache folder whose R4 core entry links to one shared, already extracted and indexed copy, so that each
 * test file does not pay the extraction again (the loader treats it as a normal cache entry).
 */
export async function createTestCache(): Promise<string> {
  shared ??= loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir: SHARED, registryUrl: 'n/a' });
  await shared;
  const dir = mkdtempSync(join(tmpdir(), 'mapx-fhir-'));
  created.push(dir);
  symlinkSync(join(SHARED, 'hl7.fhir.r4.core#4.0.1'), join(dir, 'hl7.fhir.r4.core#4.0.1'), 'dir');
  return dir;
}

/** The embedded R4 core (plus `packages` from the cache), offline: registries disabled. */
export async function loadOfflineR4(packages: readonly string[] = [], cacheDir?: string) {
  const dir = cacheDir ?? (await createTestCache());
  const ctx: FhirContext = await loadFhirContext({
    fhirVersion: '4.0.1',
    packages,
    cacheDir: dir,
    registryUrl: 'n/a',
  });
  return { ctx, cacheDir: dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Removes every cache folder createTestCache made in this test file (the shared core copy stays). */
export function removeTestCaches(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
