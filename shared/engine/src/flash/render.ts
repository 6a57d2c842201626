import type { ElementInfo } from '@mapx/fhir';
import { PrimitiveEntry } from './flash-meta.js';
import { mergeAll } from './build-object.js';
import { siblingName } from './sibling-name.js';

/** The collected values of one child definition. */
export interface Slot {
  el: ElementInfo;
  /** The JSON name that received values (for choices: the winning type). */
  name: string;
  values: unknown[];
  /** Entries produced through real slices, in slice declaration order (§4.7). */
  slices: unknown[];
}

/** Renders slots as JSON: arrays by base cardinality, `_name` siblings for primitives (§4.5, §4.6). */
export function renderObject(slots: readonly Slot[]): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  for (const s of slots) {
    const entries = [...s.values, ...s.slices];
    if (!entries.length) continue;
    if (s.el.kind === 'system') {
      obj[s.name] = entries[entries.length - 1];
    } else if (s.el.kind === 'primitive-type') {
      renderPrimitive(obj, s, entries);
    } else if (s.el.isArray) {
      obj[s.name] = entries;
    } else {
      obj[s.name] = mergeAll(s.el, entries);
    }
  }
  return obj;
}

function renderPrimitive(obj: Record<string, unknown>, s: Slot, entries: unknown[]): void {
  const list = entries.map((e) => (e instanceof PrimitiveEntry ? e : new PrimitiveEntry(e, undefined)));
  if (!s.el.isArray) {
    const m = mergeAll(s.el, list) as PrimitiveEntry;
    if (m.value !== undefined) obj[s.name] = m.value;
    if (m.props && Object.keys(m.props).length) obj[siblingName(s.name)] = m.props;
    return;
  }
  const values = list.map((e) => (e.value === undefined ? null : e.value));
  const props = list.map((e) => (e.props && Object.keys(e.props).length ? e.props : null));
  trimNulls(values);
  trimNulls(props);
  if (values.length) obj[s.name] = values;
  if (props.length) obj[siblingName(s.name)] = props;
}

function trimNulls(a: unknown[]): void {
  while (a.length && a[a.length - 1] === null) a.pop();
}
