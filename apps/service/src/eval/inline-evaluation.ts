import type { Engine } from '@mapx/engine';
import type { AppConfig } from '../config/app-config.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import type { EvaluationRequest } from './evaluation-request.js';
import type { EvaluationOutcome } from './outcome.js';
import { evaluateCompiled, isShort } from './evaluate-locally.js';

/** How many sources proven bounded are remembered (least recently proven dropped first). */
const REMEMBERED = 512;

/**
 * With isolation on, an expression the compiler proves bounded by construction (`CompiledExpression.costBound`,
 * docs/security.md) over a small input is evaluated where the request is received instead of in an evaluation
 * thread: nothing it can do runs away, so the thread's outside limits have nothing to stop, and the hand-over
 * (about as costly as a small evaluation itself) is saved. A source is first evaluated in a thread, which reports
 * that it is bounded; only then does this thread compile it (once, cached) and check the bound again itself, so a
 * hostile source is never compiled here. What may run here is a short run (`isShort`).
 */
export class InlineEvaluation {
  private readonly proven = new Map<string, true>();

  constructor(
    private readonly engine: Engine,
    private readonly config: AppConfig,
  ) {}

  /** A thread found `source` bounded. */
  remember(source: string): void {
    // compiled here now, so that the next request of it finds it built
    if (!this.proven.has(source)) this.engine.compile(source).catch(() => undefined);
    this.proven.delete(source);
    this.proven.set(source, true);
    if (this.proven.size > REMEMBERED) this.proven.delete(this.proven.keys().next().value as string);
  }

  /**
   * The outcome, when the request may be evaluated on this thread; else undefined (it goes to the pool). A
   * request that finds its proven source not built here yet (still compiling, or dropped from the cache) goes to
   * the pool and starts the compilation again; the others take no promise before the evaluation's own.
   */
  run(view: MappingView, req: EvaluationRequest): Promise<EvaluationOutcome> | undefined {
    if (req.rawInput || req.explain || !this.proven.has(req.source)) return undefined;
    const compiled = this.engine.compiledNow(req.source);
    if (!compiled) {
      this.engine.compile(req.source).catch(() => undefined);
      return undefined;
    }
    return isShort(compiled, req) ? evaluateCompiled(compiled, this.config, view, req, true) : undefined;
  }
}
