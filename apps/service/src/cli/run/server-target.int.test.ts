import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTarget } from './server-target.js';

let fhir: FhirTestServer;
beforeAll(async () => void (fhir = await startFhirTestServer()));
afterAll(() => fhir.close());

describe('mapx run: the FHIR server target', () => {
  it('delivers an array result item by item and counts what was delivered, up to a failed item', async () => {
    const target = serverTarget({ baseUrl: fhir.baseUrl, concurrency: 2, retry: { retries: 0 } });
    await target.deliver!(JSON.stringify([{ resourceType: 'Patient', id: 'r1' }, { resourceType: 'Basic' }]));
    const failing = [
      { resourceType: 'Patient', id: 'r2' },
      { resourceType: 'Bundle', type: 'searchset' },
      { resourceType: 'Patient', id: 'r3' },
    ];
    await expect(target.deliver!(JSON.stringify(failing))).rejects.toThrow(/POST .*\/fhir failed: HTTP 400/);
    expect(Object.fromEntries(target.counts)).toEqual({ Patient: 2, Basic: 1 });
    await expect(fhir.repo.readResource('Patient', 'r3')).rejects.toThrow();
  });

  it('refuses a result that is not a resource before sending it', async () => {
    const target = serverTarget({ baseUrl: fhir.baseUrl, concurrency: 1 });
    const before = fhir.requests.length;
    await expect(target.deliver!('[{"resourceType":"Patient"},{"id":"x"}]')).rejects.toThrow(
      'item 1 of the result is an object without a valid resourceType, not a FHIR resource: nothing to deliver',
    );
    expect(fhir.requests).toHaveLength(before);
  });
});
