import { heldRun } from '../direct/held-run.js';
import { UNSURE } from '../direct/values.js';
import type { JsonataExpression } from '../runtime/jsonata-module.js';
import type { EvalState } from '../runtime/policy.js';
import { withoutSequencePush } from '../runtime/sequence-bound.js';
import { syncRun } from '../runtime/sync-run.js';

/**
 * Whole evaluations by the synchronous JSONata (runtime/jsonata-sync.ts), on a thread that has nothing else to
 * serve: the same expression, the same functions, without a promise per node. A run that meets a function that
 * answers later (a FHIR server, a host function), or any error, is abandoned with its effects undone
 * (direct/held-run.ts) and JSONata evaluates the expression as it is; an expression whose runs keep being abandoned
 * is left to JSONata from then on. Array and object constructors evaluate their items in order, where JSONata
 * interleaves them: what the items report comes in that order. An expression is compiled for it at its second run:
 * one evaluated once (a text tried out, a one-off request) costs no second compile.
 */
export class SyncTier {
  private runs = 0;
  private handedBack = 0;
  private finished = 0;

  constructor(private readonly expression: () => JsonataExpression | undefined) {}

  /** The result, or `UNSURE` where JSONata must evaluate it. */
  run(input: unknown, bindings: Record<string, unknown>, state: EvalState): unknown {
    if (++this.runs < 2 || (this.handedBack >= 16 && this.finished < this.handedBack)) return UNSURE;
    const jexpr = this.expression();
    if (!jexpr) return UNSURE;
    const result = heldRun(state, () => {
      const was = syncRun.active;
      syncRun.active = true;
      try {
        return jexpr.evaluate(input, bindings) as unknown;
      } finally {
        syncRun.active = was;
      }
    });
    if (result === UNSURE) this.handedBack++;
    else this.finished++;
    return result === UNSURE ? UNSURE : withoutSequencePush(result);
  }
}
