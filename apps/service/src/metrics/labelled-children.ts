/**
 * The children of a labelled metric (prom-client's `labels()`), one per label set, kept in nested maps keyed by
 * the label values: a hot path finds its child again without building a label object and its key each time.
 * Every label value must come from a bounded set (route patterns, methods, statuses, saved mapping ids), as for
 * the metric itself.
 */
export class LabelledChildren<K extends readonly (string | number)[], C> {
  private readonly root = new Map<string | number, unknown>();

  constructor(private readonly create: (...values: K) => C) {}

  of(...values: K): C {
    let level = this.root;
    for (let i = 0; i < values.length - 1; i++) {
      let next = level.get(values[i]!) as Map<string | number, unknown> | undefined;
      if (!next) level.set(values[i]!, (next = new Map()));
      level = next;
    }
    const last = values[values.length - 1]!;
    let child = level.get(last) as C | undefined;
    if (child === undefined) level.set(last, (child = this.create(...values)));
    return child;
  }
}
