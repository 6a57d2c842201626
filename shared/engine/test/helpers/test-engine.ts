import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFhirContext, type FhirContext } from '@mapx/fhir';
import { createEngine, type Engine } from '../../src/index.js';

let ctx: Promise<FhirContext> | undefined;

/** The embedded R4 core, loaded once per test process into a shared temp cache. */
export function r4(): Promise<FhirContext> {
  ctx ??= loadFhirContext({
    fhirVersion: '4.0.1',
    packages: [],
    cacheDir: join(tmpdir(), 'mapx-engine-test-fhir'),
    registryUrl: 'n/a',
  });
  return ctx;
}

export async function r4Engine(extra: Partial<Parameters<typeof createEngine>[0]> = {}): Promise<Engine> {
  const fhir = await r4();
  return createEngine({ fhir: () => fhir, ...extra });
}
