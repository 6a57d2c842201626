import { createFhirClient, type FhirClientOptions, type FhirResource } from '@mapx/engine';
import pLimit from 'p-limit';
import type { RunTarget } from './run-target.js';
import { splitTopLevel } from './split-top-level.js';

/** The client options (FHIR_SERVER_AUTH_TYPE, _UN, _PW, _TIMEOUT apply) and the request concurrency. */
export interface ServerOptions extends FhirClientOptions {
  readonly concurrency: number;
}

/**
 * A FHIR server: a Bundle result is POSTed to the base (a transaction or batch, answered as one), a resource with
 * an id is PUT (idempotent: a resumed run that repeats it changes nothing), one without is POSTed to its type.
 * At most `concurrency` requests are open at once; a refused request fails its input (RUN_POST_FAILED).
 */
export function serverTarget(options: ServerOptions): RunTarget {
  const client = createFhirClient(options);
  const base = client.baseUrl.endsWith('/') ? client.baseUrl : `${client.baseUrl}/`;
  const limit = pLimit(options.concurrency);
  const counts = new Map<string, number>();
  const send = async (resource: FhirResource): Promise<void> => {
    if (resource.resourceType === 'Bundle') await postBundle(base, resource, options);
    else if (typeof resource.id === 'string' && resource.id !== '') await client.update(resource);
    else await client.create(resource);
  };
  return {
    counts,
    async deliver(json) {
      for (const resource of splitTopLevel(JSON.parse(json) as unknown)) {
        await limit(() => send(resource));
        counts.set(resource.resourceType, (counts.get(resource.resourceType) ?? 0) + 1);
      }
    },
    shape: 'items',
    commit: () => undefined,
    commitTexts: () => undefined,
  };
}

async function postBundle(base: string, bundle: FhirResource, options: ServerOptions): Promise<void> {
  const headers: Record<string, string> = {
    'content-type': 'application/fhir+json',
    accept: 'application/fhir+json',
  };
  if (options.authType === 'BASIC')
    headers.authorization = `Basic ${Buffer.from(`${options.username ?? ''}:${options.password ?? ''}`).toString('base64')}`;
  const response = await fetch(base, {
    method: 'POST',
    headers,
    body: JSON.stringify(bundle),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${base} answered ${response.status}: ${text.slice(0, 500)}`);
}
