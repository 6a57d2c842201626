import { createFhirClient, type FhirBundle, type FhirClientOptions, type FhirResource } from '@mapx/engine';
import pLimit from 'p-limit';
import type { RunTarget } from './run-target.js';
import { splitTopLevel } from './split-top-level.js';

/** The client options (FHIR_SERVER_AUTH_TYPE, _UN, _PW, _TIMEOUT apply) and the request concurrency. */
export interface ServerOptions extends FhirClientOptions {
  readonly concurrency: number;
}

/**
 * A FHIR server, through the one FHIR client (@mapx/fhir-client: base URL guard, credentials, timeouts, retries of
 * idempotent requests): a Bundle result is POSTed to the base as a transaction or batch, a resource with an id is
 * PUT (idempotent: a resumed run that repeats it changes nothing), one without is POSTed to its type. At most
 * `concurrency` requests are open at once; a refused request fails its input (RUN_POST_FAILED).
 */
export function serverTarget(options: ServerOptions): RunTarget {
  const client = createFhirClient(options);
  const limit = pLimit(options.concurrency);
  const counts = new Map<string, number>();
  const send = async (resource: FhirResource): Promise<void> => {
    if (resource.resourceType === 'Bundle') {
      const bundle = resource as FhirBundle;
      await client.transaction(bundle, { idempotent: repeatable(bundle) });
    } else if (typeof resource.id === 'string' && resource.id !== '') await client.update(resource);
    else await client.create(resource);
  };
  return {
    counts,
    shape: 'items',
    async deliver(json) {
      for (const resource of splitTopLevel(JSON.parse(json) as unknown)) {
        await limit(() => send(resource));
        counts.set(resource.resourceType, (counts.get(resource.resourceType) ?? 0) + 1);
      }
    },
    commit: () => undefined,
    commitTexts: () => undefined,
  };
}

/**
 * A Bundle whose every entry is a PUT, a DELETE or a conditional create (`ifNoneExist`) changes nothing when sent
 * twice: the client may retry it after a timeout or a 503, as it retries a GET.
 */
function repeatable(bundle: FhirBundle): boolean {
  const entries = Array.isArray(bundle.entry) ? bundle.entry : [];
  return entries.every((entry) => {
    const request = (entry as { request?: { method?: unknown; ifNoneExist?: unknown } }).request;
    const method = typeof request?.method === 'string' ? request.method.toUpperCase() : '';
    return (
      method === 'PUT' ||
      method === 'DELETE' ||
      (method === 'POST' && typeof request?.ifNoneExist === 'string')
    );
  });
}
