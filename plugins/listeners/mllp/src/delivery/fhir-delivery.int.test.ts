import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery.js';
import { fhirDelivery } from './fhir-delivery.js';

let fhir: FhirTestServer;
beforeAll(async () => void (fhir = await startFhirTestServer()));
afterAll(() => fhir.close());
beforeEach(() => void fhir.requests.splice(0));

async function refusal(p: Promise<unknown>): Promise<DeliveryError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryError);
  return err as DeliveryError;
}

describe('MLLP delivery to a FHIR server (the FHIR client rule set)', () => {
  it('delivers an array result item by item', async () => {
    const delivery = fhirDelivery({ baseUrl: fhir.baseUrl, retry: { retries: 0 } });
    await delivery.deliver([
      { resourceType: 'Patient', id: 'm1' },
      { resourceType: 'Basic', code: { text: 'm2' } },
    ]);
    expect(fhir.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /fhir/Patient/m1',
      'POST /fhir/Basic',
    ]);
  });

  it('tells the sender which item failed and how many went before it, without the server address', async () => {
    const delivery = fhirDelivery({ baseUrl: fhir.baseUrl, retry: { retries: 0 } });
    const err = await refusal(
      delivery.deliver([
        { resourceType: 'Patient', id: 'm3' },
        { resourceType: 'Bundle', type: 'collection', entry: [] },
      ]),
    );
    expect(err.code).toBe('MLLP_DELIVERY_FAILED');
    expect(err.publicMessage).toBe(
      'delivery to the FHIR server failed after 1 attempt (HTTP 400) at item 1 of 2 (1 delivered before it)',
    );
    expect(err.message).toContain(fhir.baseUrl);
    expect((err.detail as { resourceType: string }).resourceType).toBe('OperationOutcome');
  });

  it('fails a batch with a refused entry, counting the entries for the sender and keeping the reply', async () => {
    const delivery = fhirDelivery({ baseUrl: fhir.baseUrl });
    const entry = (id: string, bodyId: string) => ({
      resource: { resourceType: 'Patient', id: bodyId },
      request: { method: 'PUT', url: `Patient/${id}` },
    });
    const err = await refusal(
      delivery.deliver({
        resourceType: 'Bundle',
        type: 'batch',
        entry: [entry('m4', 'm4'), entry('m5', 'x')],
      }),
    );
    expect(err.publicMessage).toBe('the FHIR server refused 1 of 2 batch entries');
    expect((err.detail as { type: string }).type).toBe('batch-response');
  });

  it('refuses a result that is not a resource, sending nothing', async () => {
    const delivery = fhirDelivery({ baseUrl: fhir.baseUrl });
    const err = await refusal(delivery.deliver('text'));
    expect(err.code).toBe('MLLP_RESULT_NOT_DELIVERABLE');
    expect(err.publicMessage).toBe(
      'the result is a string, not a FHIR resource (an object with resourceType): nothing to deliver',
    );
    await delivery.deliver(undefined);
    expect(fhir.requests).toEqual([]);
  });
});
