import { evaluateEntry } from './guardrails.js';

type Sequence = unknown[] & { sequence?: boolean };
interface Environment {
  readonly base: { createSequence: (...args: unknown[]) => Sequence };
  lookup(name: string): unknown;
}

/**
 * The `__evaluate_entry` hook of one compiled expression, with JSONata's sequences bounded to `limit` items.
 * JSONata's own `sequence` option bounds `$append`, `[…]` and ranges (the expression is compiled with it), and
 * gives every sequence it creates a bounded `push` of its own, a new closure per sequence; the hook swaps in a
 * `createSequence` that shares one function (half the cost, measured: bench/jsonata-sequence-ab.js), before the
 * first node creates a sequence. Path results, `$map`, `$filter`, `$zip` and the like grow through it. The own
 * `push` is enumerable (a non-enumerable one costs a runtime call per sequence): `withoutSequencePush` takes it
 * off the result.
 */
export function sequenceBoundEntry(
  limit: number,
): (expr: unknown, input: unknown, environment: Environment) => Promise<void> | undefined {
  const push = function (this: unknown[], ...items: unknown[]): number {
    if (this.length + items.length > limit) sequenceOverflow(limit);
    return Array.prototype.push.apply(this, items);
  };
  const createSequence = function (value?: unknown): Sequence {
    // a sequence of one made as one: pushed into an empty array, the item would take room for sixteen
    const one = arguments.length === 1;
    if (one && limit < 1) sequenceOverflow(limit);
    const sequence: Sequence = one ? [value] : [];
    sequence.push = push;
    sequence.sequence = true;
    return sequence;
  };
  return (_expr, _input, environment) => {
    const base = environment.base;
    if (base.createSequence !== createSequence) base.createSequence = createSequence;
    return evaluateEntry(environment);
  };
}

/** A sequence past the bound of `limit` items: what pushing one more item does (D2015, as JSONata throws it). */
export function sequenceOverflow(limit: number): never {
  throw { code: 'D2015', value: limit, stack: new Error().stack };
}

/**
 * Removes the bounded `push` from every array of an evaluation's result, so a result looks exactly as it would
 * without the bound. Each object is visited once, however often the result refers to it.
 */
export function withoutSequencePush(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const seen = new Set<object>();
  const stack: object[] = [result];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      if (Object.prototype.hasOwnProperty.call(node, 'push')) delete (node as { push?: unknown }).push;
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else {
      for (const key in node) {
        const v = (node as Record<string, unknown>)[key];
        if (typeof v === 'object' && v !== null) stack.push(v);
      }
    }
  }
  return result;
}
