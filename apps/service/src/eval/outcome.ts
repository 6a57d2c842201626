import type { NormalizeIssue } from '@mapx/plugin-api';
import type { ErrorOptions, ServiceErrorCode } from '@mapx/api';

/**
 * What one evaluation came to, wherever it ran (an evaluation worker thread, inline, or this thread): a result or
 * a coded failure, with warnings as data. Every transport (HTTP, a listener, `mapx run`, metrics) turns it into
 * its own form; none of them reads another's text.
 */
export type EvaluationOutcome = EvaluationSuccess | EvaluationFailure;

/**
 * A value as it reached this thread: JSON text made where it was evaluated (sent on as is, no copy of the value
 * crossed), or the value itself. `json: ''` is a value JSON cannot express (a lone function).
 */
export type Carried = { readonly json: string } | { readonly value: unknown };

export type Timing = readonly [essence: string, seconds: number];

/** A warning of the input's decoding or normalisation, or of the engine. */
export interface OutcomeWarning {
  readonly code: string;
  readonly message: string;
  readonly severity: number;
  readonly line?: number;
  readonly position?: number;
  readonly value?: unknown;
}

interface OutcomeFacts {
  /** Empty for a verbose request: its report holds them. */
  readonly warnings: readonly OutcomeWarning[];
  /** Normalisations an evaluation worker thread timed ([media type, seconds]), for main's metrics. */
  readonly normalized?: readonly Timing[];
  /** From an evaluation worker thread: the expression is bounded by construction (eval/inline-evaluation.ts). */
  readonly costBound?: number;
}

export interface EvaluationSuccess extends OutcomeFacts {
  readonly ok: true;
  /** Absent: the mapping returned nothing. */
  readonly result?: Carried;
  /** A verbose (or explain) request: the verbose report, result and diagnostics together. */
  readonly report?: Carried;
}

/**
 * `input`: decoding or normalisation refused the input; `request`: the request names nothing that can run (no
 * expression, an unknown or empty mapping); `compile`, `evaluation`: the engine's; `limit`: a bound of the
 * service's was reached; `busy`: try again later; `internal`: the service failed.
 */
export type FailureClass = 'input' | 'request' | 'compile' | 'evaluation' | 'limit' | 'busy' | 'internal';

export interface EvaluationFailure extends OutcomeFacts {
  readonly ok: false;
  readonly class: FailureClass;
  /** The stable code: engine, normaliser or service catalogue. */
  readonly code: string;
  readonly message: string;
  /** `busy`: when to try again. */
  readonly retryAfterSeconds?: number;
  /** What an answer's body is built from. */
  readonly detail: FailureDetail;
}

/** A diagnostic entry as the engine or the service describes it (the wire report's fields and more). */
export type ErrorEntry = Readonly<Record<string, unknown>>;

export type FailureDetail =
  /** The engine's verdict: its primary diagnostic, and for a verbose request the report (`partial`: status 206). */
  | {
      readonly kind: 'evaluation';
      readonly primary: ErrorEntry | undefined;
      readonly report?: Carried;
      readonly partial: boolean;
    }
  /** The thrown compile error's fields, and every resolution error of the mapping when there are several. */
  | { readonly kind: 'compile'; readonly error: ErrorEntry; readonly all: readonly ErrorEntry[] }
  /** A failure the service describes as one engine-coded entry (a limit, a worker that died). */
  | { readonly kind: 'entry'; readonly entry: ErrorEntry }
  | { readonly kind: 'normalize'; readonly issue: NormalizeIssue }
  | { readonly kind: 'unsupported'; readonly received: string; readonly accepted: readonly string[] }
  /** A code of the service's catalogue; `entry`: the diagnostic a verbose answer reports instead of the body. */
  | {
      readonly kind: 'service';
      readonly code: ServiceErrorCode;
      readonly options?: ErrorOptions;
      readonly entry?: ErrorEntry;
    };

export const NO_WARNINGS: readonly OutcomeWarning[] = Object.freeze([]);
