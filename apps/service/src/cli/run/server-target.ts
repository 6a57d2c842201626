import { createFhirClient, type FhirClientOptions } from '@mapx/fhir-client';
import pLimit from 'p-limit';
import type { RunTarget } from './run-target.js';

/** The client options (FHIR_SERVER_AUTH_TYPE, _UN, _PW, _TIMEOUT apply) and the request concurrency. */
export interface ServerOptions extends FhirClientOptions {
  readonly concurrency: number;
}

/**
 * A FHIR server: each result is delivered by the FHIR client's one rule set (`deliver`, docs/architecture.md,
 * "Delivering a result"; an array's items one after the other). At most `concurrency` deliveries, so requests,
 * are open at once; a result that is not delivered fails its input (RUN_POST_FAILED), its items delivered before
 * the failure still counted.
 */
export function serverTarget(options: ServerOptions): RunTarget {
  const client = createFhirClient(options);
  const limit = pLimit(options.concurrency);
  const counts = new Map<string, number>();
  return {
    counts,
    shape: 'items',
    async deliver(json) {
      const result = await limit(() => client.deliver({ json }));
      for (const sent of result.ok ? result.sent : result.delivered)
        counts.set(sent.resourceType, (counts.get(sent.resourceType) ?? 0) + 1);
      if (!result.ok) throw new Error(result.message);
    },
    commit: () => undefined,
    commitTexts: () => undefined,
  };
}
