import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './start-built-server.js';
import { createTestApp, warmedUp, type TestApp } from './test-app.js';

/** The committed first-run example mapping (`examples/mappings/csvPatient.mapx`). */
export const EXAMPLE_MAPPING = join(ROOT, 'examples/mappings/csvPatient.mapx');

/**
 * A service whose only mapping store is the FHIR server at `base` (no polling), warmed up, with the example
 * mapping saved there as `csvPatient` through `PUT /Mapping/csvPatient`.
 */
export async function exampleOnFhirServer(base: string): Promise<TestApp> {
  const t = await createTestApp({
    FHIR_SERVER_BASE: base,
    MAPPINGS_SERVER_POLLING_INTERVAL_MS: '0',
    MAPPINGS_FORCED_RESYNC_INTERVAL_MS: '0',
  });
  try {
    await warmedUp(t.app);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/Mapping/csvPatient',
      headers: { 'content-type': 'application/vnd.vendor.mapx' },
      payload: readFileSync(EXAMPLE_MAPPING, 'utf8'),
    });
    expect(saved.statusCode).toBe(201);
    return t;
  } catch (err) {
    await t.close();
    throw err;
  }
}
