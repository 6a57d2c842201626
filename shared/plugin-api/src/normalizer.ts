import type { PluginBase } from './plugin.js';
import type { PluginContext } from './context.js';

/** A parsed media type: `type/subtype` lower-cased in `essence`, parameters with lower-cased names. */
export interface MediaType {
  readonly essence: string;
  readonly type: string;
  readonly subtype: string;
  readonly params: Readonly<Record<string, string>>;
}

export interface RawInput {
  /**
   * The input as received. Text formats: a string (the raw body, or the `input` string of `POST /`).
   * JSON formats: the parsed JSON value (any JSON), or a string holding JSON text when the body was raw.
   */
  readonly body: unknown;
  readonly mediaType: MediaType;
  /**
   * True when `body` is the raw HTTP request body text (saved-mapping routes), so a JSON normaliser parses
   * it; absent/false when `body` is an already-parsed value (the `input` of `POST /`, used as is — a JSON
   * string stays a string).
   */
  readonly raw?: boolean;
}

/** A problem with the input. Bad input is a value, never a throw. */
export interface NormalizeIssue {
  /** Stable SCREAMING_SNAKE code, e.g. `CSV_UNTERMINATED_QUOTE`, `HL7_NO_MSH`. */
  readonly code: string;
  readonly message: string;
  /** HTTP status the host should answer with: 400 malformed body, 415 wrong type, 422 unusable content. */
  readonly status: 400 | 415 | 422;
  readonly line?: number;
  readonly column?: number;
  readonly position?: number;
}

/**
 * Something surprising about input that was still converted (a repeated CSV header, bytes invalid in the
 * character set, …). The host reports it as a warning diagnostic; it never changes the status.
 */
export interface NormalizeWarning {
  /** Stable SCREAMING_SNAKE code, e.g. `CSV_DUPLICATE_HEADER`. */
  readonly code: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  /** 0-based offset in the body (a byte offset for character-set warnings). */
  readonly position?: number;
  /** The input value concerned, as written. */
  readonly value?: string;
}

export type NormalizeResult =
  | { readonly ok: true; readonly value: unknown; readonly warnings?: readonly NormalizeWarning[] }
  | { readonly ok: false; readonly issues: readonly NormalizeIssue[] };

export interface Normalizer {
  /**
   * Converts raw input to the JSON value an expression sees. May return synchronously (preferred on hot
   * paths) or a promise.
   */
  normalize(input: RawInput): NormalizeResult | Promise<NormalizeResult>;
  /**
   * Optional content sniffing when several normalisers declare the same media type: the host prefers a
   * normaliser whose `accepts` says true (e.g. FHIR XML claims `application/xml` whose root is in the FHIR
   * namespace); normalisers without `accepts` are the fallback.
   */
  accepts?(input: RawInput): boolean;
}

export interface NormalizerPlugin<O = unknown> extends PluginBase<'normalizer', O> {
  /** Media type essences handled, lower case (`text/csv`). */
  readonly mediaTypes: readonly string[];
  create(options: O, ctx: PluginContext): Normalizer | Promise<Normalizer>;
}
