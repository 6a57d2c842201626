import {
  createFhirClient,
  type FhirClient,
  type FhirClientOptions,
  type FhirDeliveryFailure,
} from '@mapx/fhir-client';
import { DeliveryError, type Delivery } from './delivery.js';

/**
 * Delivery to a FHIR server by the FHIR client's one rule set (`deliver`, docs/architecture.md, "Delivering a
 * result"): a Bundle is POSTed to the base, a resource PUT by its id or POSTed to its type, an array item by item
 * until the first failure; retried as far as repeating the request is harmless. MLLP is at-least-once (a sender
 * resends when an ACK is lost): mappings make repeats harmless with PUT or conditional (`ifNoneExist`) entries.
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
  const outcome = await client.deliver({ value: result });
  if (!outcome.ok) throw deliveryError(outcome, Array.isArray(result) ? result.length : undefined);
}

/** The full account goes to the log and the dead letter; the sender's ERR gets no address, errno or path. */
function deliveryError(failure: FhirDeliveryFailure, items: number | undefined): DeliveryError {
  if (failure.reason === 'not-deliverable') {
    return new DeliveryError('MLLP_RESULT_NOT_DELIVERABLE', failure.message, undefined, failure.message);
  }
  const item =
    items === undefined
      ? ''
      : ` at item ${failure.index} of ${items} (${failure.delivered.length} delivered before it)`;
  if (failure.reason === 'entries-failed') {
    const told = `the FHIR server refused ${failure.failedEntries?.length ?? 0} of ${failure.entryCount ?? 0} ${failure.bundleType ?? 'batch'} entries${item}`;
    return new DeliveryError('MLLP_DELIVERY_FAILED', failure.message, failure.detail, told);
  }
  const attempts = failure.attempts;
  const failed = `delivery to the FHIR server failed after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  const status = failure.status ? ` (HTTP ${failure.status})` : '';
  return new DeliveryError(
    'MLLP_DELIVERY_FAILED',
    `${failed}${item}: ${failure.message}`,
    failure.detail,
    `${failed}${status}${item}`,
  );
}
