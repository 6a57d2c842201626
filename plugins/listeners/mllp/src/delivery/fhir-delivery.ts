import {
  createFhirClient,
  isFhirClientError,
  type FhirBundle,
  type FhirClient,
  type FhirClientOptions,
  type FhirResource,
} from '@mapx/fhir-client';
import { DeliveryError, type Delivery } from './delivery.js';

/**
 * Delivery to a FHIR server: a `transaction` or `batch` Bundle is POSTed to the base, any other resource is
 * updated by its id (PUT) or created (POST). MLLP is at-least-once (a sender resends when an ACK is lost), so
 * every request is sent as repeatable and retried after transient failures with backoff; mappings make
 * repeats harmless with PUT or conditional (`ifNoneExist`) entries.
 */
export function fhirDelivery(options: FhirClientOptions): Delivery {
  const client = createFhirClient(options);
  return {
    target: `fhir ${client.baseUrl}`,
    deliver: (result) => deliverTo(client, result),
    close: async () => undefined,
  };
}

async function deliverTo(client: FhirClient, result: unknown): Promise<void> {
  if (result === undefined || result === null) return;
  const resource = asResource(result);
  try {
    if (resource.resourceType === 'Bundle' && isBatchOrTransaction(resource)) {
      const response = await client.transaction(resource as FhirBundle, { idempotent: true });
      if ((resource as FhirBundle & { type: string }).type === 'batch') checkBatch(response);
      return;
    }
    if (typeof resource.id === 'string' && resource.id !== '') await client.update(resource);
    else await client.create(resource, { idempotent: true });
  } catch (err) {
    if (err instanceof DeliveryError) throw err;
    if (!isFhirClientError(err)) throw err;
    const attempts = err.attempts ?? 1;
    const failed = `delivery to the FHIR server failed after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
    const status = err.status ? ` (HTTP ${err.status})` : '';
    throw new DeliveryError(
      'MLLP_DELIVERY_FAILED',
      `${failed}: ${err.message}`,
      err.operationOutcome,
      `${failed}${status}`,
    );
  }
}

function asResource(result: unknown): FhirResource {
  const ok =
    typeof result === 'object' &&
    result !== null &&
    !Array.isArray(result) &&
    typeof (result as { resourceType?: unknown }).resourceType === 'string';
  if (!ok) {
    const what = Array.isArray(result) ? 'an array' : typeof result;
    const message = `the mapping returned ${what}, not a FHIR resource (an object with resourceType): nothing to deliver`;
    throw new DeliveryError('MLLP_RESULT_NOT_DELIVERABLE', message, undefined, message);
  }
  return result as FhirResource;
}

function isBatchOrTransaction(bundle: FhirResource): boolean {
  const type = (bundle as { type?: unknown }).type;
  return type === 'transaction' || type === 'batch';
}

/** A batch succeeds entry by entry: one failed entry fails the delivery (the dead letter keeps the response). */
function checkBatch(response: FhirBundle): void {
  const failed = (response.entry ?? []).filter((e) => {
    const status = (e as { response?: { status?: unknown } }).response?.status;
    return typeof status !== 'string' || !/^2\d\d/.test(status);
  });
  if (failed.length > 0) {
    const message = `the FHIR server refused ${failed.length} of ${response.entry?.length ?? 0} batch entries`;
    throw new DeliveryError('MLLP_DELIVERY_FAILED', message, response, message);
  }
}
