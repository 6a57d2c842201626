import type { FhirClientOptions } from './fhir-client-options.js';

/** The `Authorization` header value; kept in the exchange config only, never in a request summary. */
export function authorizationHeader(options: FhirClientOptions): string | undefined {
  if (options.authType === 'BASIC') {
    const pair = `${options.username ?? ''}:${options.password ?? ''}`;
    return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }
  if (options.authType === 'BEARER') return `Bearer ${options.token ?? ''}`;
  return undefined;
}
