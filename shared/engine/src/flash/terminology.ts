import type { ElementBinding, ElementInfo, MembershipResult } from '@mapx/fhir';
import { report, shouldValidate } from '../runtime/policy.js';
import { memberOf, planBinding, type BindingPlan } from './binding-plan.js';
import type { Where } from './primitives.js';
import { isObj } from './is-obj.js';
import { where, type RunCtx } from './run-context.js';

export const BOUND_TYPES = new Set(['Coding', 'Quantity', 'CodeableConcept']);
const CODE_TYPES = new Set(['code', 'string', 'uri']);
const CODING_ORDER = ['id', 'extension', 'system', 'version', 'code', 'display', 'userSelected'];
const QUANTITY_ORDER = ['id', 'extension', 'value', 'comparator', 'unit', 'system', 'code'];

type Obj = Record<string, unknown>;

/** What every binding diagnostic says about the binding (§7.1 fields). */
interface Check {
  rc: RunCtx;
  el: ElementInfo;
  b: ElementBinding;
  plan: BindingPlan;
  w: Where;
}

const checkOf = (rc: RunCtx, el: ElementInfo, w: Where): Check => {
  const b = el.binding!;
  return { rc, el, b, plan: planBinding(rc.t.terminology, b), w };
};

const bindingFields = (c: Check): Obj => ({
  ...c.w,
  bindingStrength: c.b.strength,
  expansionMode: c.plan.mode,
});

/** Required (F5120) / extensible (F5340) binding check of a code-like primitive (§5.7). */
export function checkCode(rc: RunCtx, el: ElementInfo, value: unknown, w: Where): void {
  const b = el.binding;
  if (!b || typeof value !== 'string' || !CODE_TYPES.has(el.typeCode)) return;
  const code = b.strength === 'required' ? 'F5120' : b.strength === 'extensible' ? 'F5340' : undefined;
  if (!code || !shouldValidate(rc.env, code)) return;
  const c = checkOf(rc, el, w);
  const r = memberOf(c.plan, rc.t.terminology, value);
  if (!r) noRuntime(c, false);
  else if (r.status === 'not-member') report(rc.env, code, { ...bindingFields(c), value });
  else if (r.status === 'unknown' && r.reason !== 'duplicate-code') cannotEvaluate(c);
}

/** Coding/Quantity/CodeableConcept: inject system and display/unit, report violations (§5.7). */
export function applyBinding(rc: RunCtx, el: ElementInfo, obj: Obj): void {
  if (!shouldValidate(rc.env, 'F5120')) return;
  const c = checkOf(rc, el, where(rc, rc.epath));
  if (el.typeCode === 'CodeableConcept') return applyToConcept(c, obj);
  if (typeof obj['code'] !== 'string') return;
  const r = lookup(c, obj);
  if (!r) return noRuntime(c);
  const quantity = el.typeCode === 'Quantity';
  const out = enrich(obj, r, quantity ? 'unit' : 'display', quantity ? QUANTITY_ORDER : CODING_ORDER);
  if (out !== obj) {
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, out);
  }
  if (r.status === 'not-member') {
    const fields = { ...bindingFields(c), system: obj['system'], valueCode: obj['code'] };
    violation(c, quantity ? 'F5122' : 'F5121', quantity ? 'F5342' : 'F5341', fields);
  } else if (r.status === 'unknown' && r.reason !== 'duplicate-code') cannotEvaluate(c);
}

function applyToConcept(c: Check, obj: Obj): void {
  const codings = Array.isArray(obj['coding']) ? (obj['coding'] as unknown[]) : [];
  const withCode = codings.filter((x): x is Obj => isObj(x) && typeof x['code'] === 'string');
  if (!withCode.length) return;
  const results = withCode.map((x) => lookup(c, x));
  if (results.some((r) => r === undefined)) return noRuntime(c);
  const found = results as MembershipResult[];
  let i = 0;
  obj['coding'] = codings.map((x) =>
    isObj(x) && typeof x['code'] === 'string' ? enrich(x, found[i++]!, 'display', CODING_ORDER) : x,
  );
  if (found.some((r) => r.status === 'member')) return;
  if (found.some((r) => r.status === 'not-member')) {
    violation(c, 'F5123', 'F5343', { ...bindingFields(c), codingCount: withCode.length });
  } else if (found.some((r) => r.status === 'unknown' && r.reason !== 'duplicate-code')) {
    cannotEvaluate(c);
  }
}

function lookup(c: Check, coding: Obj): MembershipResult | undefined {
  const code = coding['code'] as string;
  const system = typeof coding['system'] === 'string' ? coding['system'] : undefined;
  return memberOf(c.plan, c.rc.t.terminology, system === undefined ? code : { system, code });
}

function enrich(c: Obj, r: MembershipResult, displayKey: string, order: string[]): Obj {
  if (r.status !== 'member') return c;
  const out: Obj = { ...c };
  if (out['system'] === undefined) out['system'] = r.concept.system;
  if (out[displayKey] === undefined && r.concept.display !== undefined) out[displayKey] = r.concept.display;
  return reorder(out, order);
}

function reorder(o: Obj, order: string[]): Obj {
  const out: Obj = {};
  for (const k of order) {
    if (o[k] !== undefined) out[k] = o[k];
    if (o['_' + k] !== undefined) out['_' + k] = o['_' + k];
  }
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
  if (c.plan.mode !== 'error' && !shouldValidate(c.rc.env, code)) return;
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
  if (coded && strength === 'extensible' && !shouldValidate(c.rc.env, 'F5341')) return;
  report(c.rc.env, 'F5215', { ...bindingFields(c), operation: 'validateBinding', valueSet: c.plan.valueSet });
}
