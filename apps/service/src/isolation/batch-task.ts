import type { EvaluationFailure, OutcomeWarning } from '../eval/outcome.js';
import type { VersionedView } from './eval-task.js';

/**
 * What a batch's results are turned into inside the worker, so that main only appends text:
 * `ndjson` one line per result, `split` one line per resource by type (Bundles unpacked), `items` each result's
 * JSON on its own (main delivers them one by one).
 */
export type BatchShape = 'ndjson' | 'split' | 'items';

/** Many inputs of one mapping in one task (`mapx run`): one hand-over instead of one per input. */
export interface BatchRequest {
  readonly source: string;
  /** Every input's bytes, end to end. */
  readonly bytes: Uint8Array;
  /** Where each input's bytes end in `bytes`. */
  readonly ends: readonly number[];
  /** Each input's media type, or one for all. */
  readonly contentTypes: readonly string[];
  readonly shape: BatchShape;
  /**
   * The whole buffer under `bytes` is this request's alone: it moves to the thread (not copied) and comes back in
   * `buffers`. Never set for a view into memory others share (Node's pool of small Buffers).
   */
  readonly exclusive?: boolean;
  /** Buffers the thread may write the output into (moved there; those it does not use come back in `buffers`). */
  readonly spares?: readonly ArrayBuffer[];
}

export interface BatchTask extends BatchRequest {
  readonly kind: 'batch';
  readonly viewVersion: number;
  readonly view?: VersionedView;
  /**
   * Written by the worker as each input starts (`Date.now()`; 0 when none runs): main's watchdog holds each
   * input, not the whole batch, to the time limit.
   */
  readonly clock: SharedArrayBuffer;
}

/**
 * An input that did not convert: the evaluation's failure, or what went wrong around it (the evaluation threw,
 * its result is not JSON), which the caller names in its own terms.
 */
export type BatchFailure =
  | { readonly index: number; readonly failure: EvaluationFailure }
  | { readonly index: number; readonly threw: string }
  | { readonly index: number; readonly notJson: true };

export interface BatchResult {
  readonly failures: readonly BatchFailure[];
  /** Warnings of the inputs, converted or not. */
  readonly warnings: ReadonlyArray<{ readonly index: number; readonly values: readonly OutcomeWarning[] }>;
  /**
   * Output by type (`results` for the `ndjson` shape) as UTF-8 NDJSON, with its line count, in input order: bytes,
   * so that the one thread that writes for every evaluation thread neither builds the strings nor encodes them.
   */
  readonly texts: ReadonlyArray<readonly [type: string, text: Uint8Array, lines: number]>;
  /** `items` shape: each input's result JSON (undefined: none, or the input failed). */
  readonly items?: ReadonlyArray<string | undefined>;
  /** The buffers that came with an exclusive task, handed back: its input's, and the spares it did not use. */
  readonly buffers?: readonly ArrayBuffer[];
}

export type BatchTaskResult =
  | { readonly stale: true; readonly buffers?: readonly ArrayBuffer[] }
  | (BatchResult & { readonly stale?: undefined });

/**
 * What moves to the thread with an exclusive task, input first, and what a stale refusal hands back in that order
 * (nothing for a task that is copied).
 */
export function lentBuffers(task: BatchRequest): ArrayBuffer[] {
  if (!task.exclusive || !(task.bytes.buffer instanceof ArrayBuffer)) return [];
  return [task.bytes.buffer, ...(task.spares ?? [])];
}

export function isBatchTask(task: object): task is BatchTask {
  return (task as { kind?: unknown }).kind === 'batch';
}
