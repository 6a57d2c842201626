import type { FhirClientError } from './fhir-client-error.js';
import type { RetryOptions } from './fhir-client-options.js';

export interface RetryPolicy {
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly onRetry?: ((attempt: number, error: FhirClientError) => void) | undefined;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 200, maxDelayMs: 5_000 };
/** Bounds the configured figures so a configuration cannot keep a request alive for hours. */
const MAX_RETRIES = 10;

export function retryPolicy(options: RetryOptions | undefined): RetryPolicy {
  const pick = (v: number | undefined, d: number, max: number) =>
    v !== undefined && Number.isFinite(v) && v >= 0 ? Math.min(Math.floor(v), max) : d;
  return {
    retries: pick(options?.retries, DEFAULT_RETRY.retries, MAX_RETRIES),
    baseDelayMs: pick(options?.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 60_000),
    maxDelayMs: pick(options?.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 60_000),
    ...(options?.onRetry ? { onRetry: options.onRetry } : {}),
  };
}

/** Statuses that say the server did not act on the request and may later: worth another attempt. */
const TRANSIENT_STATUS = new Set([408, 429, 502, 503, 504]);

/** A failure another attempt may cure: no answer, a dropped connection, or a transient status. */
export function isTransient(err: FhirClientError): boolean {
  if (err.kind === 'timeout' || err.kind === 'network') return true;
  return err.kind === 'http' && err.status !== undefined && TRANSIENT_STATUS.has(err.status);
}

/** Statuses that say the server did not act on the request at all (it did not read it, or turned it away). */
const UNPROCESSED_STATUS = new Set([408, 429, 503]);
/** Connection failures before any byte of the request left: the server never saw it. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** True for a status the server may answer differently later (for a batch entry's status, too). */
export function isTransientStatus(status: number | undefined): boolean {
  return status !== undefined && TRANSIENT_STATUS.has(status);
}

/**
 * A failure after which the server certainly did not act on the request: another attempt cannot repeat an
 * effect, so even a create without an id may be sent again. A timeout, a dropped connection, a 502 or a 504 may
 * follow a request the server processed, and are not such failures.
 */
export function isUnprocessed(err: FhirClientError): boolean {
  if (err.kind === 'network') return NOT_CONNECTED.has(err.sourceErrorCode ?? '');
  return err.kind === 'http' && err.status !== undefined && UNPROCESSED_STATUS.has(err.status);
}

/**
 * Delay before retry number `attempt` (1-based): exponential backoff with full jitter, so that many clients
 * failing together do not retry together; a server's `Retry-After` (seconds) is honoured up to the cap.
 */
export function backoffMs(policy: RetryPolicy, attempt: number, retryAfterS?: number): number {
  if (retryAfterS !== undefined && Number.isFinite(retryAfterS) && retryAfterS >= 0) {
    return Math.min(retryAfterS * 1000, policy.maxDelayMs);
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(Math.random() * ceiling);
}
