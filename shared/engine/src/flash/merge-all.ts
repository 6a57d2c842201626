import type { ElementInfo } from '@mapx/fhir';
import { PrimitiveEntry } from './values.js';
import { isObj } from './is-obj.js';

/** Shallow merge for single-valued elements (later keys win; primitives: last value, props merged). */
export function mergeAll(el: ElementInfo, values: readonly unknown[]): unknown {
  if (el.kind === 'system') return values[values.length - 1];
  if (el.kind === 'primitive-type') {
    let value: unknown;
    let props: Record<string, unknown> | undefined;
    for (const v of values) {
      const e = v instanceof PrimitiveEntry ? v : new PrimitiveEntry(v, undefined);
      if (e.value !== undefined) value = e.value;
      if (e.props) props = { ...props, ...e.props };
    }
    return new PrimitiveEntry(value, props);
  }
  // a single object is kept as is (values are never mutated once built), which keeps its identity
  if (values.length === 1 && isObj(values[0])) return values[0];
  let out: Record<string, unknown> = {};
  for (const v of values) out = isObj(v) ? { ...out, ...v } : (v as Record<string, unknown>);
  return out;
}
