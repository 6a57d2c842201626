import type { Concept, ElementInfo, MembershipResult } from '@mapx/fhir';
import { report, shouldValidate } from '../runtime/policy.js';
import type { Where } from './primitives.js';
import { where, type RunCtx } from './run-context.js';

export const BOUND_TYPES = new Set(['Coding', 'Quantity', 'CodeableConcept']);
const CODE_TYPES = new Set(['code', 'string', 'uri']);
const CODING_ORDER = ['id', 'extension', 'system', 'version', 'code', 'display', 'userSelected'];
const QUANTITY_ORDER = ['id', 'extension', 'value', 'comparator', 'unit', 'system', 'code'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function lookup(rc: RunCtx, valueSet: string, system: unknown, code: string, pkg?: string): MembershipResult {
  const key = `vs|${valueSet}|${typeof system === 'string' ? system : ''}|${code}`;
  const hit = rc.t.memo.get(key) as MembershipResult | undefined;
  if (hit) return hit;
  const input = typeof system === 'string' ? { system, code } : code;
  const r = rc.t.terminology!.lookup(valueSet, input, pkg);
  rc.t.memo.set(key, r);
  return r;
}

/** Required (F5120) / extensible (F5340) binding check of a code-like primitive (§5.7). */
export function checkCode(rc: RunCtx, el: ElementInfo, value: unknown, w: Where): void {
  const b = el.binding;
  if (!b || !rc.t.terminology || typeof value !== 'string' || !CODE_TYPES.has(el.typeCode)) return;
  const code = b.strength === 'required' ? 'F5120' : b.strength === 'extensible' ? 'F5340' : undefined;
  if (!code || !shouldValidate(rc.env, code)) return;
  const r = lookup(rc, b.valueSet, undefined, value, b.fromPackage);
  if (r.status !== 'not-member') return;
  report(rc.env, code, { ...w, value, bindingStrength: b.strength, expansionMode: 'full' });
}

/** Coding/Quantity/CodeableConcept: inject system and display/unit, report violations (§5.7). */
export function applyBinding(rc: RunCtx, el: ElementInfo, obj: Obj): void {
  const b = el.binding!;
  if (!rc.t.terminology || !shouldValidate(rc.env, 'F5120')) return;
  const w = where(rc, rc.epath);
  if (el.typeCode === 'CodeableConcept') {
    const codings = Array.isArray(obj['coding']) ? (obj['coding'] as unknown[]) : [];
    const withCode = codings.filter((c): c is Obj => isObj(c) && typeof c['code'] === 'string');
    if (!withCode.length) return;
    const hits = withCode.map((c) => enrich(rc, b.valueSet, c, 'display', CODING_ORDER, b.fromPackage));
    obj['coding'] = codings.map((c) => (isObj(c) && typeof c['code'] === 'string' ? hits.shift()!.obj : c));
    const matched = withCode.map((c) =>
      lookup(rc, b.valueSet, c['system'], c['code'] as string, b.fromPackage),
    );
    if (!matched.some((m) => m.status === 'member') && matched.some((m) => m.status === 'not-member')) {
      violation(rc, b.strength, 'F5123', 'F5343', { ...w, codingCount: withCode.length });
    }
    return;
  }
  if (typeof obj['code'] !== 'string') return;
  const quantity = el.typeCode === 'Quantity';
  const { obj: out, status } = enrich(
    rc,
    b.valueSet,
    obj,
    quantity ? 'unit' : 'display',
    quantity ? QUANTITY_ORDER : CODING_ORDER,
    b.fromPackage,
  );
  for (const k of Object.keys(obj)) delete obj[k];
  Object.assign(obj, out);
  if (status === 'not-member') {
    const fields = { ...w, system: obj['system'], valueCode: obj['code'] };
    violation(rc, b.strength, quantity ? 'F5122' : 'F5121', quantity ? 'F5342' : 'F5341', fields);
  }
}

function enrich(
  rc: RunCtx,
  vs: string,
  c: Obj,
  displayKey: string,
  order: string[],
  pkg?: string,
): { obj: Obj; status: string } {
  const r = lookup(rc, vs, c['system'], c['code'] as string, pkg);
  if (r.status !== 'member') return { obj: c, status: r.status };
  const concept: Concept = r.concept;
  const out: Obj = { ...c };
  if (out['system'] === undefined) out['system'] = concept.system;
  if (out[displayKey] === undefined && concept.display !== undefined) out[displayKey] = concept.display;
  return { obj: reorder(out, order), status: 'member' };
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

function violation(rc: RunCtx, strength: string, required: string, extensible: string, fields: Obj): void {
  if (strength === 'required') report(rc.env, required, fields);
  else if (strength === 'extensible') report(rc.env, extensible, fields);
}
