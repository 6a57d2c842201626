import { FhirClientError } from './fhir-client-error.js';
import type { FhirBundle, FhirResource } from './fhir-client.js';
import type { UrlGuard } from './url-guard.js';

export function refused(guard: Pick<UrlGuard, 'base'>, ref: string, why: string): FhirClientError {
  const shown = withoutUserInfo(ref).slice(0, 500);
  return new FhirClientError(`Refused to fetch ${JSON.stringify(shown)}: ${why} (${guard.base})`, {
    kind: 'refused-url',
    request: { method: 'GET', url: shown },
  });
}

/** A refused URL is shown in the error; credentials written into it (`http://user:pw@host`) are not. */
function withoutUserInfo(ref: string): string {
  return ref.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1***@');
}

export function asResource(body: unknown, guard: Pick<UrlGuard, 'base'>, what: string): FhirResource {
  if (typeof body === 'object' && body !== null && typeof (body as FhirResource).resourceType === 'string') {
    return body as FhirResource;
  }
  throw new FhirClientError(`${what} did not return a FHIR resource`, {
    kind: 'invalid-response',
    request: { method: 'GET', url: `${guard.base}/${what}` },
  });
}

export function asBundle(body: unknown, guard: Pick<UrlGuard, 'base'>, type: string): FhirBundle {
  const resource = asResource(body, guard, type);
  if (resource.resourceType !== 'Bundle') {
    throw new FhirClientError(`search of ${type} did not return a Bundle`, {
      kind: 'invalid-response',
      request: { method: 'GET', url: `${guard.base}/${type}`, resourceType: type },
    });
  }
  return resource as FhirBundle;
}
