import { StoreError } from '@mapx/plugin-api';
import { isFhirClientError, type FhirClientError } from '@mapx/fhir-client';

/** The HTTP status of a failed FHIR request, when the server answered. */
export function failedStatus(error: unknown): number | undefined {
  return isFhirClientError(error) && error.kind === 'http' ? error.status : undefined;
}

/**
 * Any failure to talk to the FHIR server as a STORE_UNAVAILABLE whose message names the method and the path
 * below the base (never the query, never credentials), e.g. `FHIR server GET StructureMap/x: HTTP 500 (…)`.
 */
export function toStoreError(error: unknown, baseUrl: string): StoreError {
  if (error instanceof StoreError) return error;
  if (!isFhirClientError(error)) throw error;
  return new StoreError('STORE_UNAVAILABLE', `${describe(error, baseUrl)}: ${reason(error)}`);
}

function describe(error: FhirClientError, baseUrl: string): string {
  const url = error.request.url;
  const target = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length + 1) : url;
  return `FHIR server ${error.request.method} ${target.split('?')[0]}`;
}

function reason(error: FhirClientError): string {
  switch (error.kind) {
    case 'timeout':
      return `no answer within ${error.timeoutMs} ms`;
    case 'network':
      return error.sourceErrorCode ? `unreachable (${error.sourceErrorCode})` : 'unreachable';
    case 'http': {
      // Following a redirect could carry the credentials to another host; the base URL must be the final one.
      const status = error.status ?? 0;
      if (status >= 300 && status < 400) return 'redirected (set FHIR_SERVER_BASE to the final URL)';
      const issue = firstIssueText(error.operationOutcome);
      return `HTTP ${status}${issue ? ` (${issue})` : ''}`;
    }
    case 'invalid-response':
      return 'the answer is not JSON or not the expected resource';
    case 'endless-paging':
      return 'paging does not end';
    case 'refused-url':
      return "the URL is outside the server's base URL";
  }
}

/** The first OperationOutcome issue text, cut short: useful to operators, bounded in size. */
function firstIssueText(outcome: unknown): string | undefined {
  const issue = (outcome as { issue?: { diagnostics?: unknown; details?: { text?: unknown } }[] } | undefined)
    ?.issue?.[0];
  const text = issue?.diagnostics ?? issue?.details?.text;
  return typeof text === 'string' ? text.slice(0, 200) : undefined;
}
