import type { FhirRequestInfo } from './fhir-client-error.js';
import type { Exchange } from './http-exchange.js';
import { refused } from './responses.js';
import { isResourceId, isResourceType } from './search-params.js';
import type { UrlGuard } from './url-guard.js';

/** An exchange for `ref` under the base; throws `refused-url` when it would leave the base. */
export function request(
  guard: UrlGuard,
  method: Exchange['method'],
  ref: string,
  info: Omit<FhirRequestInfo, 'method' | 'url'>,
): Exchange {
  const url = guard.resolve(ref);
  if (!url) throw refused(guard, ref, 'the URL is not under the configured FHIR server base');
  return { method, url, info: { method, url: url.href, ...info } };
}

/** Refuses (before anything is sent) a type or id that could not be part of a FHIR URL. */
export function checkTypeAndId(guard: UrlGuard, type: string, id: string | undefined): void {
  if (!isResourceType(type)) throw refused(guard, type, `"${type}" is not a resource type`);
  if (id !== undefined && !isResourceId(id))
    throw refused(guard, `${type}/${id}`, `"${id}" is not a resource id`);
}
