/**
 * A mapping result to deliver: its JSON text (parsed once here, and a single resource's text is sent as it is) or
 * the value itself. `undefined` and `null` deliver nothing.
 */
export type DeliveryInput = { readonly json: string } | { readonly value: unknown };

/** One request that the server accepted. */
export interface DeliveredRequest {
  readonly method: 'PUT' | 'POST';
  /** The URL the request went to (the base for a Bundle). */
  readonly url: string;
  /** The delivered resource's type (`Bundle` for a Bundle). */
  readonly resourceType: string;
  /** The HTTP status of the answer (2xx). */
  readonly status: number;
  /**
   * Where the server keeps what was written: the `Location` (else `Content-Location`) of a PUT or POST; each
   * entry's `response.location` for a transaction or batch. Empty when the server named none.
   */
  readonly locations: readonly string[];
  /** How many times it was sent (more than 1 after retries). */
  readonly attempts: number;
}

export interface FhirDelivered {
  readonly ok: true;
  /** In the order sent: one request for a resource or a Bundle, one per item for an array, none for nothing. */
  readonly sent: readonly DeliveredRequest[];
}

/**
 * Why a delivery failed: `not-deliverable` (the result is not a resource or an array of them: nothing sent),
 * `refused` (the server answered with an error status, or refused-url before sending), `entries-failed` (a batch
 * or transaction answered 2xx but some entries did not), `no-answer` (timeout or network failure),
 * `invalid-response` (the answer could not be read).
 */
export type FhirDeliveryFailureReason =
  'not-deliverable' | 'refused' | 'entries-failed' | 'no-answer' | 'invalid-response';

/** A batch or transaction entry whose response was not 2xx (or which got no response). */
export interface FailedEntry {
  /** 0-based position in the Bundle's `entry`. */
  readonly index: number;
  /** The entry's response status code, undefined when the reply had no response for it. */
  readonly status: number | undefined;
  readonly outcomeText: string | undefined;
}

export interface FhirDeliveryFailure {
  readonly ok: false;
  readonly reason: FhirDeliveryFailureReason;
  /** What failed, for logs: the request (with the server's URL) and the server's diagnostics. */
  readonly message: string;
  /** The HTTP status of the failed request's last answer; undefined when none came. */
  readonly status: number | undefined;
  /** The diagnostics of the server's OperationOutcome, joined; undefined when it sent none. */
  readonly outcomeText: string | undefined;
  /** The server's OperationOutcome, or the batch/transaction response Bundle for `entries-failed`. */
  readonly detail: unknown;
  /**
   * Sending the same result again later may succeed: the failure was transient (a timeout, a dropped connection,
   * 408/429/502/503/504, or only such statuses among the failed entries). False for a refusal that will repeat.
   */
  readonly retryable: boolean;
  /** How many times the failed request was sent (0 when nothing was sent). */
  readonly attempts: number;
  /** Which item of an array failed (0 for a single result). */
  readonly index: number;
  /** The items delivered before it, in order. */
  readonly delivered: readonly DeliveredRequest[];
  /** How many items after it were not sent. */
  readonly notSent: number;
  /** For `entries-failed`: the Bundle's type, the entries that failed, and how many the Bundle had. */
  readonly bundleType?: 'transaction' | 'batch' | undefined;
  readonly failedEntries?: readonly FailedEntry[] | undefined;
  readonly entryCount?: number | undefined;
}

export type FhirDeliveryResult = FhirDelivered | FhirDeliveryFailure;

export interface DeliverOptions {
  /** Bytes of each answer read at most (default 16 MiB): a larger answer is not read. */
  maxResponseBytes?: number | undefined;
}

export const DEFAULT_DELIVERY_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
