import type { CodeInput, Concept, ElementBinding, MembershipResult, TerminologyRuntime } from '@mapx/fhir';
import type { FlashTables } from './flash-plan.js';

/** How a binding's ValueSet is consulted at run time (§5.7). */
export type ExpansionMode = 'full' | 'lazy' | 'error';

/** Expansions up to this many concepts are embedded in the compiled expression (§5.7). */
export const FULL_EXPANSION_MAX = 20;

export interface BindingPlan {
  readonly mode: ExpansionMode;
  readonly valueSet: string;
  readonly fromPackage: string | undefined;
  /** `full` only: `system|code` → concept, and code → concepts of every system. */
  readonly bySystemCode?: ReadonlyMap<string, Concept>;
  readonly byCode?: ReadonlyMap<string, readonly Concept[]>;
  /** `error` only: why the expansion failed. */
  readonly reason?: string;
}

/** Per terminology runtime: plans by `valueSet|package`, and by binding object for the hot path. */
interface PlanCache {
  byKey: Map<string, BindingPlan>;
  byBinding: WeakMap<ElementBinding, BindingPlan>;
}

const NO_RUNTIME = {};
const caches = new WeakMap<object, PlanCache>();

function cacheOf(rt: TerminologyRuntime | undefined): PlanCache {
  const owner = rt ?? NO_RUNTIME;
  let c = caches.get(owner);
  if (!c) {
    c = { byKey: new Map(), byBinding: new WeakMap() };
    caches.set(owner, c);
  }
  return c;
}

/**
 * The expansion mode of a binding, decided once per ValueSet+package (normally at compile time): ≤ 20 concepts →
 * `full` (dictionary embedded), larger or not expandable locally → `lazy` (runtime asked per value), unknown
 * ValueSet or a failing runtime → `error`. Without a terminology runtime everything is `lazy` (→ F5215 on use).
 */
export function planBinding(rt: TerminologyRuntime | undefined, b: ElementBinding): BindingPlan {
  const cache = cacheOf(rt);
  const hit = cache.byBinding.get(b);
  if (hit) return hit;
  const key = `${b.valueSet}|${b.fromPackage ?? ''}`;
  let plan = cache.byKey.get(key);
  if (!plan) {
    plan = decide(rt, b.valueSet, b.fromPackage);
    cache.byKey.set(key, plan);
  }
  cache.byBinding.set(b, plan);
  return plan;
}

function decide(
  rt: TerminologyRuntime | undefined,
  valueSet: string,
  fromPackage: string | undefined,
): BindingPlan {
  const base = { valueSet, fromPackage };
  if (!rt) return { mode: 'lazy', ...base };
  try {
    const size = rt.expansionSize(valueSet, fromPackage);
    if (size !== undefined && size > FULL_EXPANSION_MAX) return { mode: 'lazy', ...base };
    const r = rt.expand(valueSet, fromPackage);
    if (r.ok) return { mode: 'full', ...base, ...dictionary(r.concepts) };
    if (r.reason === 'unexpandable-valueset') return { mode: 'lazy', ...base };
    return { mode: 'error', ...base, reason: r.message };
  } catch (e) {
    return { mode: 'error', ...base, reason: e instanceof Error ? e.message : String(e) };
  }
}

function dictionary(concepts: readonly Concept[]): Pick<BindingPlan, 'bySystemCode' | 'byCode'> {
  const bySystemCode = new Map<string, Concept>();
  const byCode = new Map<string, Concept[]>();
  for (const c of concepts) {
    bySystemCode.set(`${c.system}|${c.code}`, c);
    const list = byCode.get(c.code);
    if (list) list.push(c);
    else byCode.set(c.code, [c]);
  }
  return { bySystemCode, byCode };
}

/**
 * Membership of a code (any system) or system+code. Undefined when the plan is lazy and there is no runtime;
 * `error` plans answer `unknown/unknown-valueset`.
 */
export function memberOf(
  plan: BindingPlan,
  rt: TerminologyRuntime | undefined,
  input: CodeInput,
): MembershipResult | undefined {
  if (plan.mode === 'full') return fromDictionary(plan, input);
  if (plan.mode === 'error') return { status: 'unknown', reason: 'unknown-valueset' };
  if (!rt) return undefined;
  try {
    return rt.lookup(plan.valueSet, input, plan.fromPackage);
  } catch {
    return { status: 'unknown', reason: 'unexpandable-valueset' };
  }
}

function fromDictionary(plan: BindingPlan, input: CodeInput): MembershipResult {
  if (typeof input !== 'string' && input.system !== undefined) {
    const hit = plan.bySystemCode!.get(`${input.system}|${input.code}`);
    return hit ? { status: 'member', concept: hit } : { status: 'not-member' };
  }
  const code = typeof input === 'string' ? input : input.code;
  const hits = plan.byCode!.get(code);
  if (!hits) return { status: 'not-member' };
  if (hits.length > 1) return { status: 'unknown', reason: 'duplicate-code' };
  return { status: 'member', concept: hits[0]! };
}

/** Decides the expansion mode of every bound rule element at compile time (§5.7). */
export function planRuleBindings(tables: FlashTables): void {
  for (const r of tables.rules) if (r.el.binding) planBinding(tables.terminology, r.el.binding);
}
