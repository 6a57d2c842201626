import type { Concept, ElementBinding, ElementInfo, MembershipResult } from '@mapx/fhir';
import { severityOf } from '../errors/catalogue.js';
import { report } from '../runtime/policy.js';
import { memberOf, planBinding, type BindingPlan } from '../compile/binding-plan.js';
import { whereOf, type WhereRef } from '../runtime/where.js';
import { isObj } from './is-obj.js';
import { validates, where, type RunCtx } from './run-context.js';
import { siblingName } from '../compile/sibling-name.js';

export const BOUND_TYPES = new Set(['Coding', 'Quantity', 'CodeableConcept']);
const CODE_TYPES = new Set(['code', 'string', 'uri']);
const F5120 = severityOf('F5120');

type Obj = Record<string, unknown>;

/** Key → rank in a type's snapshot order; a `_` sibling right after its name. */
function ranks(order: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  order.forEach((k, i) => {
    m.set(k, 2 * i);
    m.set(siblingName(k), 2 * i + 1);
  });
  return m;
}

const CODING_RANKS = ranks(['id', 'extension', 'system', 'version', 'code', 'display', 'userSelected']);

/** What every binding diagnostic says about the binding (§7.1 fields); built only when one is reported. */
interface Check {
  rc: RunCtx;
  el: ElementInfo;
  b: ElementBinding;
  plan: BindingPlan;
  w: WhereRef;
}

const bindingFields = (c: Check): Obj => ({
  ...whereOf(c.w),
  bindingStrength: c.b.strength,
  expansionMode: c.plan.mode,
});

/** Required (F5120) / extensible (F5340) binding check of a code-like primitive (§5.7). */
export function checkCode(rc: RunCtx, el: ElementInfo, value: unknown, w: WhereRef): void {
  const b = el.binding;
  if (!b || typeof value !== 'string' || !CODE_TYPES.has(el.typeCode)) return;
  const code = b.strength === 'required' ? 'F5120' : b.strength === 'extensible' ? 'F5340' : undefined;
  if (!code || !validates(rc, code)) return;
  const plan = planBinding(rc.t.terminology, b);
  const r = memberOf(plan, rc.t.terminology, value);
  const c = (): Check => ({ rc, el, b, plan, w });
  if (!r) noRuntime(c(), false);
  else if (r.status === 'not-member') report(rc.env, code, { ...bindingFields(c()), value });
  else if (r.status === 'unknown' && r.reason !== 'duplicate-code') cannotEvaluate(c());
}

/**
 * Coding/Quantity/CodeableConcept: inject system and display/unit, report violations (§5.7). Returns whether
 * keys were added to `obj` (at its end: the caller restores snapshot order).
 */
export function applyBinding(rc: RunCtx, el: ElementInfo, obj: Obj): boolean {
  if (!(F5120 < rc.vl)) return false;
  const b = el.binding!;
  const plan = planBinding(rc.t.terminology, b);
  const c = (): Check => ({ rc, el, b, plan, w: where(rc, rc.epath) });
  if (el.typeCode === 'CodeableConcept') {
    applyToConcept(rc, plan, c, obj);
    return false;
  }
  if (typeof obj['code'] !== 'string') return false;
  const r = lookup(rc, plan, obj);
  if (!r) {
    noRuntime(c());
    return false;
  }
  const quantity = el.typeCode === 'Quantity';
  const added = r.status === 'member' && inject(obj, r.concept, quantity ? 'unit' : 'display');
  if (r.status === 'not-member') {
    const fields = { ...bindingFields(c()), system: obj['system'], valueCode: obj['code'] };
    violation(c(), quantity ? 'F5122' : 'F5121', quantity ? 'F5342' : 'F5341', fields);
  } else if (r.status === 'unknown' && r.reason !== 'duplicate-code') cannotEvaluate(c());
  return added;
}

/** The concept's system and display (or unit) where the value has none. */
function inject(obj: Obj, concept: Concept, displayKey: string): boolean {
  let added = false;
  if (obj['system'] === undefined) {
    obj['system'] = concept.system;
    added = true;
  }
  if (obj[displayKey] === undefined && concept.display !== undefined) {
    obj[displayKey] = concept.display;
    added = true;
  }
  return added;
}

function applyToConcept(rc: RunCtx, plan: BindingPlan, c: () => Check, obj: Obj): void {
  const codings = Array.isArray(obj['coding']) ? (obj['coding'] as unknown[]) : [];
  const withCode = codings.filter((x): x is Obj => isObj(x) && typeof x['code'] === 'string');
  if (!withCode.length) return;
  const results = withCode.map((x) => lookup(rc, plan, x));
  if (results.some((r) => r === undefined)) return noRuntime(c());
  const found = results as MembershipResult[];
  let i = 0;
  obj['coding'] = codings.map((x) =>
    isObj(x) && typeof x['code'] === 'string' ? enrichCoding(x, found[i++]!) : x,
  );
  if (found.some((r) => r.status === 'member')) return;
  if (found.some((r) => r.status === 'not-member')) {
    const check = c();
    violation(check, 'F5123', 'F5343', { ...bindingFields(check), codingCount: withCode.length });
  } else if (found.some((r) => r.status === 'unknown' && r.reason !== 'duplicate-code')) {
    cannotEvaluate(c());
  }
}

function lookup(rc: RunCtx, plan: BindingPlan, coding: Obj): MembershipResult | undefined {
  const code = coding['code'] as string;
  const system = typeof coding['system'] === 'string' ? coding['system'] : undefined;
  return memberOf(plan, rc.t.terminology, system === undefined ? code : { system, code });
}

/**
 * A member Coding with system and display, in snapshot order (unknown keys last). One that already has both,
 * in that order, is kept as it is.
 */
function enrichCoding(coding: Obj, r: MembershipResult): Obj {
  if (r.status !== 'member') return coding;
  const complete =
    coding['system'] !== undefined && (coding['display'] !== undefined || r.concept.display === undefined);
  if (complete && isOrdered(coding)) return coding;
  const out: Obj = { ...coding };
  inject(out, r.concept, 'display');
  return reorderCoding(out);
}

function isOrdered(o: Obj): boolean {
  let last = -1;
  for (const k in o) {
    if (!Object.hasOwn(o, k)) return false;
    const rank = CODING_RANKS.get(k) ?? Infinity;
    if (rank !== Infinity && o[k] === undefined) return false;
    if (rank < last || (rank === last && rank !== Infinity)) return false;
    last = rank;
  }
  return true;
}

function reorderCoding(o: Obj): Obj {
  const out: Obj = {};
  for (const [k] of CODING_RANKS) if (o[k] !== undefined) out[k] = o[k];
  for (const [k, v] of Object.entries(o)) if (!(k in out)) out[k] = v;
  return out;
}

/** Extensible violations are passed to the policy even outside the validation band (§5.7, §12 item 15). */
function violation(c: Check, required: string, extensible: string, fields: Obj): void {
  if (c.b.strength === 'required') report(c.rc.env, required, fields);
  else if (c.b.strength === 'extensible') report(c.rc.env, extensible, fields);
}

/**
 * The ValueSet could not be consulted: mode `error` always reports F5310/F5330 once validation runs; a lazy
 * "unknown" answer only when that code itself is inside the validation band (§5.7).
 */
function cannotEvaluate(c: Check): void {
  const code = c.b.strength === 'required' ? 'F5310' : c.b.strength === 'extensible' ? 'F5330' : undefined;
  if (!code) return;
  if (c.plan.mode !== 'error' && !validates(c.rc, code)) return;
  report(c.rc.env, code, {
    ...bindingFields(c),
    elementType: c.el.typeCode,
    valueSet: c.plan.valueSet,
    ...(c.plan.reason !== undefined ? { errorMessage: c.plan.reason } : {}),
  });
}

/**
 * Lazy mode without a terminology runtime (F5215), raised only where a violation would be checked: preferred and
 * example bindings only inject, and extensible Codings only when F5341 is inside the validation band.
 */
function noRuntime(c: Check, coded = true): void {
  const strength = c.b.strength;
  if (strength !== 'required' && strength !== 'extensible') return;
  if (coded && strength === 'extensible' && !validates(c.rc, 'F5341')) return;
  report(c.rc.env, 'F5215', { ...bindingFields(c), operation: 'validateBinding', valueSet: c.plan.valueSet });
}
