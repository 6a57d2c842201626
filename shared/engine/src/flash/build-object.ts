import type { ElementInfo } from '@mapx/fhir';
import { isObj } from './is-obj.js';
import { report, shouldValidate } from '../runtime/policy.js';
import { autoValue, isAutoCandidate } from './autovalue.js';
import { FlashResult, PrimitiveEntry } from './flash-meta.js';
import { convertPrimitive, isNoValue } from './primitives.js';
import { renderObject, type Slot } from './render.js';
import { siblingName } from './sibling-name.js';
import { applyBinding, BOUND_TYPES } from './terminology.js';
import { childPath, flashName, parentName, where, type RunCtx } from './run-context.js';

/**
 * Builds the object of a complex element (or block root) from an optional inline object and the results of
 * its sub-rules (§4.3 step 4): cardinality shaping, autovalues, patterns, mandatory slices, key order,
 * mandatory children.
 */
export function buildObject(
  rc: RunCtx,
  el: ElementInfo,
  inline: Record<string, unknown> | undefined,
  results: readonly FlashResult[],
  checkMandatory = true,
): Record<string, unknown> {
  const byKey = new Map<string, unknown[]>();
  for (const r of results) {
    const list = byKey.get(r.key);
    if (list) for (const v of r.values) list.push(v);
    else byKey.set(r.key, r.values.slice());
  }
  const plan = planOf(rc, el);
  const slots: Slot[] = [];
  for (const entry of inline ? plan.entries : receiving(plan, byKey))
    slots.push(slotFor(rc, entry, inline, byKey));
  const obj = renderObject(slots);
  if (el.pattern !== undefined && isObj(el.pattern)) applyPattern(obj, el.pattern);
  if (el.binding && BOUND_TYPES.has(el.typeCode)) applyBinding(rc, el, obj);
  if (checkMandatory) checkRequired(rc, slots, obj);
  return reorder(obj, slots);
}

interface PlanEntry {
  index: number;
  kid: ElementInfo;
  slices: ElementInfo[];
  /** Has slices or may get an autovalue: always examined. */
  needed: boolean;
}

interface Plan {
  entries: PlanEntry[];
  /** Entries always examined, in snapshot order. */
  needed: PlanEntry[];
  /** Entry by JSON name (rule results are grouped by JSON name). */
  byName: Map<string, PlanEntry>;
}

const plans = new WeakMap<ElementInfo, Plan>();

/** Per element: its non-slice children in snapshot order, each with its real slices (computed once). */
function planOf(rc: RunCtx, el: ElementInfo): Plan {
  const hit = plans.get(el);
  if (hit) return hit;
  const kids = rc.t.nav.children(el);
  const entries = kids
    .filter((k) => k.sliceName === undefined)
    .map((kid, index) => {
      const slices = kids.filter(
        (k) => k.sliceName !== undefined && k.path === kid.path && !k.defName.endsWith('[x]'),
      );
      return { index, kid, slices, needed: slices.length > 0 || isAutoCandidate(kid) };
    });
  const byName = new Map<string, PlanEntry>();
  for (const e of entries) for (const n of e.kid.jsonNames) if (!byName.has(n)) byName.set(n, e);
  const plan = { entries, needed: entries.filter((e) => e.needed), byName };
  plans.set(el, plan);
  return plan;
}

/**
 * Without an inline object only the children that received results or are always examined get a slot (the
 * hot path): a resource has dozens of children, a rule touches a few.
 */
function receiving(plan: Plan, byKey: Map<string, unknown[]>): PlanEntry[] {
  let extra: PlanEntry[] | undefined;
  for (const key of byKey.keys()) {
    const e = plan.byName.get(key);
    if (e === undefined || e.needed) continue;
    if (extra === undefined) extra = [e];
    else if (!extra.includes(e)) extra.push(e);
  }
  if (extra === undefined) return plan.needed;
  if (extra.length > 1) extra.sort(byIndex);
  return mergeByIndex(plan.needed, extra);
}

const byIndex = (a: PlanEntry, b: PlanEntry) => a.index - b.index;

function mergeByIndex(a: readonly PlanEntry[], b: readonly PlanEntry[]): PlanEntry[] {
  const out: PlanEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(a[i]!.index < b[j]!.index ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

function slotFor(
  rc: RunCtx,
  { kid, slices }: PlanEntry,
  inline: Record<string, unknown> | undefined,
  byKey: Map<string, unknown[]>,
): Slot {
  let name = kid.jsonNames[0]!;
  let values: unknown[] = [];
  for (const n of kid.jsonNames) {
    const fromRules = byKey.get(n);
    const fromInline = inline ? inlineValues(rc, kid, n, inline) : undefined;
    const vs = fromInline?.length ? [...fromInline, ...(fromRules ?? [])] : (fromRules ?? []);
    // several types assigned: the type that comes last in the definition's type list wins (§4.5)
    if (vs.length) {
      name = n;
      values = vs;
    }
  }
  if (values.some(isEmptyValue)) values = values.filter((v) => !isEmptyValue(v));
  if (kid.isArray && kid.max === '1' && values.length > 1) values = [mergeAll(kid, values)];
  const sliceValues = slices.length ? mandatorySlices(rc, name, slices, byKey) : [];
  if (!values.length && !sliceValues.length && kid.max !== '0' && kid.jsonNames.length === 1) {
    const auto = autoValue(rc, kid, childPath(rc.path, flashName(kid)));
    if (auto !== undefined) values = [auto];
  }
  return { el: kid, name, values, slices: sliceValues };
}

/** Slice entries in declaration order; missing mandatory slices auto-generated, else F5140 (§5.3). */
function mandatorySlices(
  rc: RunCtx,
  name: string,
  slices: readonly ElementInfo[],
  byKey: Map<string, unknown[]>,
): unknown[] {
  const found = slices.map((s) => {
    const vs = (byKey.get(`${name}:${s.sliceName}`) ?? []).filter((v) => !isEmptyValue(v));
    return vs.length > 1 && s.max === '1' ? [mergeAll(s, vs)] : vs;
  });
  const anyPresent = found.some((vs) => vs.length > 0);
  const out: unknown[] = [];
  slices.forEach((s, i) => {
    let vs = found[i]!;
    if (!vs.length && s.min > 0 && s.max !== '0') {
      const auto = autoValue(rc, s, childPath(rc.path, flashName(s)));
      if (auto !== undefined) vs = [auto];
      else if (anyPresent && shouldValidate(rc.env, 'F5140')) {
        report(rc.env, 'F5140', {
          ...where(rc, childPath(rc.epath, name)),
          sliceName: s.sliceName,
          fhirParent: parentName(rc),
        });
      }
    }
    out.push(...vs);
  });
  return out;
}

/** Values a parent's inline object supplies for one child (first level validated, §4.4). */
function inlineValues(
  rc: RunCtx,
  kid: ElementInfo,
  n: string,
  inline: Record<string, unknown> | undefined,
): unknown[] {
  if (!inline) return [];
  const v = inline[n];
  const sib = inline[siblingName(n)];
  if (v === undefined && sib === undefined) return [];
  const w = where(rc, childPath(rc.epath, n));
  if (kid.kind === 'system')
    return v === undefined ? [] : [convertPrimitive(rc.env, kid, Array.isArray(v) ? v[v.length - 1] : v, w)];
  if (kid.kind === 'primitive-type') {
    const vs = Array.isArray(v) ? v : [v];
    const ss = Array.isArray(sib) ? sib : [sib];
    const len = Math.max(vs.length, ss.length);
    const out: PrimitiveEntry[] = [];
    for (let i = 0; i < len; i++) {
      const props = ss[i];
      out.push(new PrimitiveEntry(convertPrimitive(rc.env, kid, vs[i], w), isObj(props) ? props : undefined));
    }
    return out;
  }
  if (kid.typeCode === 'Quantity') return (Array.isArray(v) ? v : [v]).map((q) => quantityOf(rc, kid, q, n));
  return Array.isArray(v) ? v : [v];
}

/** Quantity shorthand and value conversion (§4.4). */
export function quantityOf(rc: RunCtx, el: ElementInfo, q: unknown, name: string): unknown {
  const valueEl = rc.t.nav.children(el).find((k) => k.defName === 'value');
  if (!valueEl) return q;
  const w = where(rc, childPath(childPath(rc.path, name), 'value'));
  if (isObj(q))
    return q['value'] === undefined ? q : { ...q, value: convertPrimitive(rc.env, valueEl, q['value'], w) };
  if (typeof q === 'string' || typeof q === 'number')
    return { value: convertPrimitive(rc.env, valueEl, q, w) };
  return q;
}

export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (v instanceof PrimitiveEntry)
    return v.value === undefined && (!v.props || Object.keys(v.props).length === 0);
  if (isObj(v)) {
    for (const k in v) if (Object.hasOwn(v, k) && v[k] !== undefined && v[k] !== null) return false;
    return true;
  }
  return isNoValue(v);
}

/** Shallow merge for single-valued elements (later keys win; primitives: last value, props merged). */
export function mergeAll(el: ElementInfo, values: unknown[]): unknown {
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

/** Pattern keys replace the user's values for those children (§5.2). */
function applyPattern(obj: Record<string, unknown>, pattern: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(pattern)) {
    obj[k] = Array.isArray(v) ? [...v] : v;
    if (!k.startsWith('_')) delete obj[siblingName(k)];
  }
}

function checkRequired(rc: RunCtx, slots: readonly Slot[], obj: Record<string, unknown>): void {
  if (!shouldValidate(rc.env, 'F5130')) return;
  for (const s of slots) {
    if (s.el.min < 1) continue;
    if (s.el.jsonNames.some((n) => obj[n] !== undefined || obj[siblingName(n)] !== undefined)) continue;
    report(rc.env, 'F5130', {
      ...where(rc, childPath(rc.epath, flashName(s.el))),
      fhirParent: parentName(rc),
      cardinalityMin: s.el.min,
    });
  }
}

function reorder(obj: Record<string, unknown>, slots: readonly Slot[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of slots) {
    for (const n of s.el.jsonNames) {
      if (obj[n] !== undefined) out[n] = obj[n];
      const sib = siblingName(n);
      if (obj[sib] !== undefined) out[sib] = obj[sib];
    }
  }
  return out;
}

export { FlashResult };
