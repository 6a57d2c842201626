import { isFunctionValue } from '../functions/jsonata-values.js';

/** JSONata's sequence: an array flagged as one, flattened and unwrapped as it travels (jsonata 2.2.2). */
export type Sequence = unknown[] & { sequence?: boolean; keepSingleton?: boolean; tupleStream?: boolean };

/** Sequences bounded to `limit` items, as the engine bounds JSONata's own (runtime/sequence-bound.ts): D2015. */
export class Sequences {
  constructor(readonly limit: number) {}

  create(): Sequence {
    const s: Sequence = [];
    s.sequence = true;
    return s;
  }

  push(s: unknown[], value: unknown): void {
    if (s.length + 1 > this.limit) throw { code: 'D2015', value: this.limit, stack: new Error().stack };
    s.push(value);
  }

  /** JSONata's `lookup` of a field: own fields of objects, mapped over arrays and flattened one level. */
  lookup(input: unknown, key: string): unknown {
    if (Array.isArray(input)) {
      const result = this.create();
      for (let i = 0; i < input.length; i++) {
        const res = this.lookup(input[i], key);
        if (res === undefined) continue;
        if (Array.isArray(res)) for (const v of res) this.push(result, v);
        else this.push(result, res);
      }
      return result;
    }
    if (input !== null && typeof input === 'object' && Object.hasOwn(input, key) && !isFunctionValue(input))
      return (input as Record<string, unknown>)[key];
    return undefined;
  }
}

export function isSequence(v: unknown): v is Sequence {
  return Array.isArray(v) && (v as Sequence).sequence === true;
}

/** What JSONata does with every node's result: an empty sequence is no value, a singleton its item. */
export function settle(result: unknown): unknown {
  if (result && isSequence(result) && !result.tupleStream) {
    if (result.length === 0) return undefined;
    if (result.length === 1) return result.keepSingleton ? result : result[0];
  }
  return result;
}
