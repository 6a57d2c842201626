import { isFunctionValue, type Sequence } from '../functions/jsonata-values.js';
import { sequenceOverflow } from '../runtime/sequence-bound.js';

/** Sequences bounded to `limit` items, as the engine bounds JSONata's own (runtime/sequence-bound.ts): D2015. */
export class Sequences {
  constructor(readonly limit: number) {}

  create(): Sequence {
    const s: Sequence = [];
    s.sequence = true;
    return s;
  }

  /** A sequence of one value, its array no larger than that (a first push would make room for 17). */
  of(value: unknown): Sequence {
    if (this.limit < 1) this.overflow();
    const s: Sequence = [value];
    s.sequence = true;
    return s;
  }

  push(s: unknown[], value: unknown): void {
    if (s.length + 1 > this.limit) this.overflow();
    s.push(value);
  }

  /** A sequence past the bound: what pushing one more item does. */
  overflow(): never {
    return sequenceOverflow(this.limit);
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
