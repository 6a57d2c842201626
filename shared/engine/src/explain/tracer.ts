import type { RuleMeta } from '../compile/flash-plan.js';
import { stateOf, type Env, type EvalState } from '../runtime/policy.js';
import { ReadTracker, type ReadKind, type Reads } from './read-tracker.js';

/** Most rule evaluations recorded per evaluation (a rule in a loop over a large input runs many times). */
export const MAX_RULE_EVALUATIONS = 20_000;

/** One evaluation of one rule, as the explained evaluation saw it. */
export interface RuleEvaluation {
  meta: RuleMeta;
  /** The rule had an inline value (`* a = …`), whatever it evaluated to. */
  hasInline: boolean;
  /** The inline value evaluated to nothing (undefined, empty, or a value FLASH drops). */
  emptyValue: boolean;
  produced: boolean;
  /** Primitive values the rule produced (to tell apart repetitions of one element). */
  values: unknown[];
  reads: Reads;
}

/** What one explained evaluation records: the input's reads and every rule evaluation. */
export class Tracer {
  readonly reads = new ReadTracker();
  readonly evaluations: RuleEvaluation[] = [];
  truncated = false;
  private readonly valueReads = new Map<RuleMeta, Reads>();

  /** A rule's JSONata value was just evaluated: the reads since the previous rule are its value's. */
  valueDone(meta: RuleMeta): void {
    this.valueReads.set(meta, this.reads.drain());
  }

  ruleDone(meta: RuleMeta, hasInline: boolean, emptyValue: boolean, out: readonly unknown[]): void {
    const reads = this.valueReads.get(meta);
    this.valueReads.delete(meta);
    const later = this.reads.drain();
    const all = reads ?? later;
    if (reads) for (const [p, k] of later) all.set(p, Math.max(all.get(p) ?? 0, k) as ReadKind);
    if (this.evaluations.length >= MAX_RULE_EVALUATIONS) {
      this.truncated = true;
      return;
    }
    const values: unknown[] = [];
    for (const v of out) {
      const p = primitiveOf(v);
      if (p !== undefined) values.push(p);
    }
    this.evaluations.push({ meta, hasInline, emptyValue, produced: out.length > 0, values, reads: all });
  }
}

function primitiveOf(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const inner = (v as { value?: unknown }).value;
  return inner !== null && typeof inner !== 'object' ? inner : undefined;
}

const tracers = new WeakMap<EvalState, Tracer>();

export function attachTracer(state: EvalState, tracer: Tracer): void {
  tracers.set(state, tracer);
}

/** The tracer of the evaluation running in `env` (none for an evaluation that is not explained). */
export function tracerOf(env: Env): Tracer | undefined {
  const state = stateOf(env);
  return state ? tracers.get(state) : undefined;
}
