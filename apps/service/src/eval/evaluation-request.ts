import type { NormalizeWarning } from '@mapx/plugin-api';
import type { DeterministicOptions } from '@mapx/engine';

/** One evaluation as every adapter asks for it (HTTP routes, listeners, `mapx run`, mapping tests). */
export interface EvaluationRequest {
  readonly source: string;
  readonly input: unknown;
  readonly verbose: boolean;
  /** Explain mode (`explain=true`): the explain variant is evaluated, the verbose report gains `explain`. */
  readonly explain?: boolean;
  /** With explain: the input's media type, to map reads back to HL7 v2 segments and CSV rows. */
  readonly inputType?: string;
  /** POST / collects only throwable diagnostics in non-verbose mode (mapping-language §9.4 step 4). */
  readonly lowerCollect: boolean;
  readonly bindings?: Readonly<Record<string, unknown>>;
  /** Warnings of the input's decoding and normalisation, reported before the engine's. */
  readonly inputWarnings?: readonly NormalizeWarning[];
  /**
   * A body still to decode and normalise (strictly) where the evaluation runs; `input` is then ignored. Bytes: the
   * character-set step needs them, and they cost less to hand to a worker thread than the parsed message.
   */
  readonly rawInput?: { readonly contentType: string | undefined; readonly bytes: Uint8Array };
  /** Test runs (`mapx test`, the designer's Tests panel): a fixed clock and seeded UUIDs. */
  readonly deterministic?: DeterministicOptions;
  /**
   * How the result (and a verbose report) should reach the caller from an evaluation worker thread: `json` text
   * (the default: what HTTP sends as is, without a copy of the value) or the `value` (an adapter that reads it).
   */
  readonly resultAs?: 'json' | 'value';
}
