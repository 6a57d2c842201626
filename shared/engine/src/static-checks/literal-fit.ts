import type { ElementInfo } from '@mapx/fhir';
import { FULL_EXPANSION_MAX, memberOf, planBinding, type BindingPlan } from '../compile/binding-plan.js';
import type { FlashTables } from '../compile/flash-plan.js';
import type { MapxError } from '../errors/mapx-error.js';
import { canonicalDate } from '../flash/dates.js';
import { fhirRegex, isFhirCode, isFhirString, isNoValue } from '../flash/primitives.js';
import type { Parsed } from '../syntax/parser.js';
import { atRule } from './finding.js';
import { literalOf } from './literal-of.js';
import type { BlockWalk, RuleEntry } from './rule-walk.js';

const DATES = new Set(['date', 'dateTime', 'instant']);
const STRINGS = new Set(['string', 'markdown']);

/**
 * F5363: a literal that the element's run-time check (§5.8) always refuses (F5110/F5111/F5113/F5112/F5114);
 * F5364: a literal code outside the required binding's expansion, when it is embedded (`full` mode, §5.7).
 * The same predicates as the builder's, so a literal warned here is certainly refused there (and vice versa).
 * Booleans are F5351's, fixed elements ignore the value, and `''` is "no value".
 */
export function literalFit(p: Parsed, walk: BlockWalk, tables: FlashTables): MapxError[] {
  const out: MapxError[] = [];
  for (const e of walk.rules) {
    const leaf = e.metas.length === e.rule.path.length ? e.metas[e.metas.length - 1] : undefined;
    if (!leaf || leaf.el.fixed !== undefined) continue;
    if (leaf.el.kind !== 'primitive-type' && leaf.el.kind !== 'system') continue;
    const lit = literalOf(p, e.rule.value);
    if (!lit || isNoValue(lit.value) || typeof lit.value === 'object') continue;
    const refusal = refusedBy(leaf.el, lit.value as string | number | boolean);
    if (refusal) out.push(fitWarning(p, e, lit.value, refusal));
    const plan = refusal ? undefined : outsideRequired(tables, leaf.el, lit.value);
    if (plan) out.push(bindingWarning(p, e, lit.value, plan));
  }
  return out;
}

/** The run-time check that refuses the literal, if any. */
function refusedBy(el: ElementInfo, value: string | number | boolean): string | undefined {
  const type = el.typeCode;
  if (type === 'boolean') return undefined;
  if (DATES.has(type))
    return typeof value === 'boolean' || canonicalDate(type as 'date', value) === undefined
      ? 'F5111'
      : undefined;
  const text = String(value);
  if (STRINGS.has(type)) {
    if (!isFhirString(text)) return 'F5112';
    return el.maxLength !== undefined && text.length > el.maxLength ? 'F5114' : undefined;
  }
  if (type === 'code') return isFhirCode(text) ? undefined : 'F5113';
  const re = el.regex ? fhirRegex(el.regex) : null;
  return re && !re.test(text) ? 'F5110' : undefined;
}

/** The embedded expansion of a required binding that does not hold the literal code. */
function outsideRequired(tables: FlashTables, el: ElementInfo, value: unknown): BindingPlan | undefined {
  const b = el.binding;
  if (!b || b.strength !== 'required' || typeof value !== 'string') return undefined;
  if (el.typeCode !== 'code' && el.typeCode !== 'string' && el.typeCode !== 'uri') return undefined;
  // the same membership answer the builder gets: an embedded expansion, or the runtime's (local) expansion
  // of a larger ValueSet; an unexpandable one answers `unknown`, which never warns
  const plan = planBinding(tables.terminology, b);
  if (plan.mode === 'error' || (plan.mode === 'lazy' && !tables.terminology)) return undefined;
  return memberOf(plan, tables.terminology, value)?.status === 'not-member' ? plan : undefined;
}

function fitWarning(p: Parsed, e: RuleEntry, value: unknown, check: string): MapxError {
  const leaf = e.metas[e.metas.length - 1]!;
  return atRule(p, 'F5363', e.rule, leaf, { value, fhirType: leaf.el.typeCode, check });
}

function bindingWarning(p: Parsed, e: RuleEntry, value: unknown, plan: BindingPlan): MapxError {
  const leaf = e.metas[e.metas.length - 1]!;
  const codes = [...(plan.byCode?.keys() ?? [])];
  const sample = codes.length ? codes.slice(0, 8).join(', ') : `more than ${FULL_EXPANSION_MAX} codes`;
  return atRule(p, 'F5364', e.rule, leaf, { value, valueSet: leaf.el.binding!.valueSet, allowed: sample });
}
