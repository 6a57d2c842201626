import type { ElementInfo } from '@mapx/fhir';
import { PrimitiveEntry } from './values.js';
import { mergeAll } from './merge-all.js';
import { siblingName } from '../compile/sibling-name.js';

/**
 * Renders one child's values (rule and inline values, then slice entries) as JSON: arrays by base
 * cardinality, `_name` siblings for primitives (§4.5, §4.6).
 */
export function renderSlot(
  obj: Record<string, unknown>,
  el: ElementInfo,
  name: string,
  values: readonly unknown[],
  slices: readonly unknown[],
): void {
  if (!values.length && !slices.length) return;
  if (el.kind === 'system') {
    obj[name] = slices.length ? slices[slices.length - 1] : values[values.length - 1];
    return;
  }
  const entries = slices.length ? [...values, ...slices] : values;
  if (el.kind === 'primitive-type') {
    if (el.isArray) renderPrimitives(obj, name, entries);
    else renderPrimitive(obj, name, entries);
  } else if (el.isArray) {
    obj[name] = entries === values ? values.slice() : entries;
  } else {
    obj[name] = mergeAll(el, entries);
  }
}

/** A single primitive: the last value, the `_` properties of all entries merged. */
function renderPrimitive(obj: Record<string, unknown>, name: string, entries: readonly unknown[]): void {
  let value: unknown;
  let props: Record<string, unknown> | undefined;
  for (const e of entries) {
    if (e instanceof PrimitiveEntry) {
      if (e.value !== undefined) value = e.value;
      if (e.props) props = { ...props, ...e.props };
    } else if (e !== undefined) value = e;
  }
  if (value !== undefined) obj[name] = value;
  if (props && Object.keys(props).length) obj[siblingName(name)] = props;
}

/** A primitive array: values (null where only properties), `_` sibling array only when any has properties. */
function renderPrimitives(obj: Record<string, unknown>, name: string, entries: readonly unknown[]): void {
  const values: unknown[] = [];
  let props: unknown[] | undefined;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const entry = e instanceof PrimitiveEntry;
    const value = entry ? e.value : e;
    values.push(value === undefined ? null : value);
    const p = entry ? e.props : undefined;
    if (p && Object.keys(p).length) {
      props ??= new Array<unknown>(i).fill(null);
      props.push(p);
    } else if (props) props.push(null);
  }
  trimNulls(values);
  if (values.length) obj[name] = values;
  if (!props) return;
  trimNulls(props);
  if (props.length) obj[siblingName(name)] = props;
}

function trimNulls(a: unknown[]): void {
  while (a.length && a[a.length - 1] === null) a.pop();
}
