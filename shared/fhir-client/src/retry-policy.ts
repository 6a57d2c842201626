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
