import type { ElementInfo } from '@mapx/fhir';
import { severityOf } from '../errors/catalogue.js';
import { isObj } from './is-obj.js';
import { report } from '../runtime/policy.js';
import { autoValue, type BuildFromDefinition } from './autovalue.js';
import { isAutoCandidate } from '../compile/auto-candidate.js';
import { mergeAll } from './merge-all.js';
import { combine, hasPending, isSingle, PendingObject } from './pending-object.js';
import { FlashResult, PrimitiveEntry } from './values.js';
import { convertPrimitive, isNoValue } from './primitives.js';
import { renderSlot } from './render.js';
import { siblingName } from '../compile/sibling-name.js';
import { applyBinding, BOUND_TYPES } from './terminology.js';
import { childPath, flashName, parentName, validates, where, type RunCtx } from './run-context.js';
import { activeEntries, shapeOf, type ObjectOwner, type PlanEntry } from '../compile/object-plan.js';

const F5130 = severityOf('F5130');
const EMPTY: readonly unknown[] = Object.freeze([]);

/**
 * Builds the object of a complex element (or block root) from an optional inline object and the results of
 * its sub-rules (§4.3 step 4): cardinality shaping, autovalues, patterns, mandatory slices, key order,
 * mandatory children. Children are rendered in snapshot order, so the object only needs reordering when a
 * pattern or a binding added keys.
 */
export function buildObject(
  rc: RunCtx,
  el: ElementInfo,
  inline: Record<string, unknown> | undefined,
  results: readonly FlashResult[],
  checkMandatory = true,
  owner?: ObjectOwner,
): Record<string, unknown> {
  const byKey = new ResultsByKey(results);
  const shape = shapeOf(rc.t.nav, el, owner);
  const entries = inline ? shape.plan.entries : activeEntries(shape, byKey);
  const obj: Record<string, unknown> = {};
  for (const entry of entries) fillSlot(rc, obj, entry, inline, byKey);
  let moved = false;
  if (el.pattern !== undefined && isObj(el.pattern)) {
    applyPattern(obj, el.pattern);
    moved = true;
  }
  if (el.binding && BOUND_TYPES.has(el.typeCode) && applyBinding(rc, el, obj)) moved = true;
  if (checkMandatory) checkRequired(rc, entries, obj);
  return moved ? reorder(obj, entries) : obj;
}

/** An element's object from its definition alone: what an autovalue of a complex element is. */
export const buildFromDefinition: BuildFromDefinition = (rc, el) => buildObject(rc, el, undefined, []);

/**
 * Rule results by grouping key. Objects receive a few results, so a scan beats building a Map; a result's own
 * value array is shared unless several results have the key.
 */
class ResultsByKey {
  constructor(private readonly results: readonly FlashResult[]) {}

  get(key: string): readonly unknown[] | undefined {
    let found: readonly unknown[] | undefined;
    let joined: unknown[] | undefined;
    for (const r of this.results) {
      if (r.key !== key) continue;
      if (!found) found = r.values;
      else {
        joined ??= found.slice();
        for (const v of r.values) joined.push(v);
        found = joined;
      }
    }
    return found;
  }

  has(key: string): boolean {
    for (const r of this.results) if (r.key === key) return true;
    return false;
  }
}

/** One child's values (rules, inline object, slices or autovalue), rendered into `obj`. */
function fillSlot(
  rc: RunCtx,
  obj: Record<string, unknown>,
  entry: PlanEntry,
  inline: Record<string, unknown> | undefined,
  byKey: ResultsByKey,
): void {
  let kid = entry.kid;
  const names = kid.jsonNames;
  let name = names[0]!;
  let values: readonly unknown[] = EMPTY;
  for (let i = 0; i < names.length; i++) {
    const n = names[i]!;
    const fromRules = byKey.get(n);
    const fromInline = inline ? inlineValues(rc, entry.asName[i]!, n, entry.sibs[i]!, inline) : undefined;
    const vs = fromInline?.length ? (fromRules ? [...fromInline, ...fromRules] : fromInline) : fromRules;
    // several types assigned: the type that comes last in the definition's type list wins (§4.5)
    if (vs?.length) {
      name = n;
      values = vs;
      kid = entry.asName[i]!;
    }
  }
  if (hasPending(values)) values = settle(kid, values);
  if (hasEmpty(values)) values = values.filter((v) => !isEmptyValue(v));
  if (kid.isArray && kid.max === '1' && values.length > 1) values = [mergeAll(kid, values)];
  const slices = entry.slices.length ? mandatorySlices(rc, name, entry, byKey) : EMPTY;
  if (!values.length && !slices.length && entry.auto) {
    const auto = autoValue(rc, kid, buildFromDefinition);
    if (auto !== undefined) values = [auto];
  }
  renderSlot(obj, kid, name, values, slices);
}

/**
 * Builds the pending objects among one child's values: for a single-valued child, every rule that targets it
 * merged into one instance first (checks run on the merged object); otherwise each on its own.
 */
function settle(kid: ElementInfo, values: readonly unknown[]): readonly unknown[] {
  if (isSingle(kid)) {
    const one = values.length === 1 ? (values[0] as PendingObject) : combine(values);
    if (one) return [buildPending(one)];
  }
  return values.map((v) => (v instanceof PendingObject ? buildPending(v) : v));
}

function buildPending(p: PendingObject): Record<string, unknown> {
  return buildObject(p.rc, p.el, p.inline, p.results, true, p.owner);
}

function hasEmpty(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (isEmptyValue(values[i])) return true;
  return false;
}

/** Slice entries in declaration order; missing mandatory slices auto-generated, else F5140 (§5.3). */
function mandatorySlices(rc: RunCtx, name: string, entry: PlanEntry, byKey: ResultsByKey): unknown[] {
  const slices = entry.slices;
  const own = name === entry.kid.jsonNames[0];
  const found = slices.map((s, i) => {
    const key = own ? entry.sliceKeys[i]! : `${name}:${s.sliceName}`;
    let vs = byKey.get(key) ?? EMPTY;
    if (hasPending(vs)) vs = settle(s, vs);
    vs = vs.filter((v) => !isEmptyValue(v));
    return vs.length > 1 && s.max === '1' ? [mergeAll(s, vs)] : vs;
  });
  const anyPresent = found.some((vs) => vs.length > 0);
  const out: unknown[] = [];
  slices.forEach((s, i) => {
    let vs = found[i]!;
    if (!vs.length && s.min > 0 && s.max !== '0') {
      const auto = isAutoCandidate(s) ? autoValue(rc, s, buildFromDefinition) : undefined;
      if (auto !== undefined) vs = [auto];
      else if (anyPresent && validates(rc, 'F5140')) {
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
  sibName: string,
  inline: Record<string, unknown>,
): readonly unknown[] {
  const v = inline[n];
  const sib = inline[sibName];
  if (v === undefined && sib === undefined) return EMPTY;
  const w = () => where(rc, childPath(rc.epath, n));
  if (kid.kind === 'system')
    return v === undefined ? EMPTY : [convertPrimitive(rc, kid, Array.isArray(v) ? v[v.length - 1] : v, w)];
  if (kid.kind === 'primitive-type') {
    const vs = Array.isArray(v) ? v : [v];
    const ss = Array.isArray(sib) ? sib : [sib];
    const len = Math.max(vs.length, ss.length);
    const out: PrimitiveEntry[] = [];
    for (let i = 0; i < len; i++) {
      const props = ss[i];
      out.push(new PrimitiveEntry(convertPrimitive(rc, kid, vs[i], w), isObj(props) ? props : undefined));
    }
    return out;
  }
  if (kid.typeCode === 'Quantity') return (Array.isArray(v) ? v : [v]).map((q) => quantityOf(rc, kid, q, n));
  return Array.isArray(v) ? v : [v];
}

const quantityValues = new WeakMap<ElementInfo, ElementInfo | null>();

/** Quantity shorthand and value conversion (§4.4). */
export function quantityOf(rc: RunCtx, el: ElementInfo, q: unknown, name: string): unknown {
  let valueEl = quantityValues.get(el);
  if (valueEl === undefined) {
    valueEl = rc.t.nav.children(el).find((k) => k.defName === 'value') ?? null;
    quantityValues.set(el, valueEl);
  }
  if (!valueEl) return q;
  const w = () => where(rc, childPath(childPath(rc.path, name), 'value'));
  if (isObj(q))
    return q['value'] === undefined ? q : { ...q, value: convertPrimitive(rc, valueEl, q['value'], w) };
  if (typeof q === 'string' || typeof q === 'number') return { value: convertPrimitive(rc, valueEl, q, w) };
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

/** Pattern keys replace the user's values for those children (§5.2). */
function applyPattern(obj: Record<string, unknown>, pattern: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(pattern)) {
    obj[k] = Array.isArray(v) ? [...v] : v;
    if (!k.startsWith('_')) delete obj[siblingName(k)];
  }
}

function checkRequired(rc: RunCtx, entries: readonly PlanEntry[], obj: Record<string, unknown>): void {
  if (!(F5130 < rc.vl)) return;
  for (const e of entries) {
    if (e.kid.min < 1 || isPresent(e, obj)) continue;
    report(rc.env, 'F5130', {
      ...where(rc, childPath(rc.epath, flashName(e.kid))),
      fhirParent: parentName(rc),
      cardinalityMin: e.kid.min,
    });
  }
}

function isPresent(e: PlanEntry, obj: Record<string, unknown>): boolean {
  const names = e.kid.jsonNames;
  for (let i = 0; i < names.length; i++) {
    if (obj[names[i]!] !== undefined || obj[e.sibs[i]!] !== undefined) return true;
  }
  return false;
}

/** Snapshot order (each name followed by its `_` sibling); keys of no child are dropped. */
function reorder(obj: Record<string, unknown>, entries: readonly PlanEntry[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of entries) {
    const names = e.kid.jsonNames;
    for (let i = 0; i < names.length; i++) {
      const n = names[i]!;
      if (obj[n] !== undefined) out[n] = obj[n];
      const sib = e.sibs[i]!;
      if (obj[sib] !== undefined) out[sib] = obj[sib];
    }
  }
  return out;
}

export { FlashResult };
