import type { FlashTables } from '../compile/flash-plan.js';
import type { Env } from '../runtime/policy.js';
import { tracerOf } from './tracer.js';

type Native = (this: { environment: Env }, ...args: unknown[]) => unknown;

/**
 * `$__xr(<rule id>, <value>)`: the explain variant of a compiled expression wraps each JSONata-evaluated rule
 * value in it (see syntax/flash-lowering.ts), so the reads made while evaluating the value go to that rule.
 * The reads a context made (a filter over every row) stay in `inputsRead` but are no rule's inputs.
 */
export function explainNatives(t: FlashTables): Record<string, Native> {
  return {
    __xr(id, value) {
      const meta = t.rules[id as number];
      if (meta) tracerOf(this.environment)?.valueDone(meta);
      return value;
    },
    /** `(ctx).($__xc(); rule)`: the reads of a rule's context, dropped from the rule's own reads. */
    __xc() {
      tracerOf(this.environment)?.reads.drain();
      return undefined;
    },
  };
}
