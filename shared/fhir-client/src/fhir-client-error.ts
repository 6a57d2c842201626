/** What a FHIR client request was, safe to show (no credentials, no headers). */
export interface FhirRequestInfo {
  method: string;
  url: string;
  resourceType?: string;
  id?: string;
}

export type FhirClientErrorKind =
  'timeout' | 'http' | 'network' | 'refused-url' | 'invalid-response' | 'endless-paging';

export interface FhirClientErrorFields {
  kind: FhirClientErrorKind;
  request: FhirRequestInfo;
  status?: number;
  operationOutcome?: unknown;
  sourceErrorCode?: string;
  timeoutMs?: number;
  /** How many times the request was sent (more than 1 after retries). */
  attempts?: number;
  /** The server's `Retry-After` in seconds, when it sent one with the failure. */
  retryAfterS?: number;
}

/**
 * The only error a FhirClient throws. It carries a sanitised summary of the failed request and never the
 * raw fetch error, whose `cause` may hold socket details or request headers.
 */
export class FhirClientError extends Error {
  readonly kind: FhirClientErrorKind;
  readonly request: FhirRequestInfo;
  readonly status: number | undefined;
  readonly operationOutcome: unknown;
  readonly sourceErrorCode: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly attempts: number | undefined;
  readonly retryAfterS: number | undefined;

  constructor(message: string, fields: FhirClientErrorFields) {
    super(message);
    this.name = 'FhirClientError';
    this.kind = fields.kind;
    this.request = fields.request;
    this.status = fields.status;
    this.operationOutcome = fields.operationOutcome;
    this.sourceErrorCode = fields.sourceErrorCode;
    this.timeoutMs = fields.timeoutMs;
    this.attempts = fields.attempts;
    this.retryAfterS = fields.retryAfterS;
  }
}

export function isFhirClientError(e: unknown): e is FhirClientError {
  return e instanceof FhirClientError;
}
