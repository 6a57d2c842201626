import type { NormalizeWarning } from '@mapx/plugin-api';
import { exceedsDepth, type DeterministicOptions } from '@mapx/engine';
import type { MapxServices } from '../services.js';
import { failureReply } from '../isolation/failure-reply.js';
import { awaitWarmup } from './await-warmup.js';
import { evaluateRequest } from './evaluate-request.js';

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
}

/**
 * `body` undefined (and no `json`) means an empty 200 body (an undefined result). `json` is the body already
 * serialised (by an evaluation worker thread): sent as is, never parsed again.
 */
export interface EvaluationReply {
  readonly status: number;
  readonly body?: unknown;
  /** `Warning` header values (non-verbose answers that carry warnings). */
  readonly warnings?: readonly string[];
  readonly json?: string;
  /** A `Retry-After` header (seconds): the service was too busy to evaluate now (503). */
  readonly retryAfterSeconds?: number;
  /** Normalisations an evaluation worker thread timed ([media type, seconds]), for main's metrics. */
  readonly normalized?: readonly Timing[];
  /** From an evaluation worker thread: the expression is bounded by construction (eval/inline-evaluation.ts). */
  readonly costBound?: number;
}

export type Timing = readonly [essence: string, seconds: number];

/**
 * Evaluate one expression: in the evaluation worker pool (MAPX_EVAL_ISOLATION=worker, docs/architecture.md) or on
 * this thread (`off`).
 */
export async function runEvaluation(
  services: MapxServices,
  req: EvaluationRequest,
): Promise<EvaluationReply> {
  const pending = awaitWarmup(services);
  if (pending) {
    const waiting = await pending;
    if (waiting) return waiting;
  }
  const view = services.mappings.current();
  if (services.evalPool) {
    const limit = services.config.eval.maxInputDepth;
    if (exceedsDepth(req.input, limit)) return failureReply({ kind: 'input-too-deep', limit }, req.verbose);
    const here = await services.inline?.run(view, req);
    if (here) return here;
    const reply = await services.evalPool.run(req, view);
    if (reply.costBound !== undefined) services.inline?.remember(req.source);
    if (reply.normalized && services.metrics)
      for (const [essence, seconds] of reply.normalized)
        services.metrics.normalize.observe({ content_type: essence }, seconds);
    return reply;
  }
  return evaluateRequest(services, view, req);
}
