import type { ElementInfo, FhirNavigator } from '@mapx/fhir';
import { isAutoCandidate } from './auto-candidate.js';
import { siblingName } from './sibling-name.js';

export interface PlanEntry {
  index: number;
  kid: ElementInfo;
  /**
   * The child as each of its JSON names: a choice (`value[x]`) narrowed to each type (`valueString` is a string,
   * whatever the first type is); otherwise just the child.
   */
  asName: ElementInfo[];
  /** `_name` for each of the child's JSON names. */
  sibs: string[];
  slices: ElementInfo[];
  /** Result key of each slice (`name:slice`, under the child's first JSON name). */
  sliceKeys: string[];
  /** May get an autovalue when it receives nothing (§5.1). */
  auto: boolean;
  /** Has slices or may get an autovalue: always examined. */
  needed: boolean;
  /** The JSON names rule results reach this entry by. */
  owns: string[];
}

export interface Plan {
  entries: PlanEntry[];
  /** Entries always examined, in snapshot order. */
  needed: PlanEntry[];
  /** Entry by JSON name (rule results are grouped by JSON name). */
  byName: Map<string, PlanEntry>;
}

const plans = new WeakMap<ElementInfo, Plan>();

/** Per element: its non-slice children in snapshot order, each with its real slices (computed once). */
export function planOf(nav: FhirNavigator, el: ElementInfo): Plan {
  const hit = plans.get(el);
  if (hit) return hit;
  const kids = nav.children(el);
  const entries = kids
    .filter((k) => k.sliceName === undefined)
    .map((kid, index): PlanEntry => {
      const slices = kids.filter(
        (k) => k.sliceName !== undefined && k.path === kid.path && !k.defName.endsWith('[x]'),
      );
      const auto = kid.jsonNames.length === 1 && isAutoCandidate(kid);
      return {
        index,
        kid,
        asName: kid.jsonNames.length > 1 ? kid.jsonNames.map((n) => narrowed(nav, el, kid, n)) : [kid],
        sibs: kid.jsonNames.map(siblingName),
        slices,
        sliceKeys: slices.map((s) => `${kid.jsonNames[0]}:${s.sliceName}`),
        auto,
        needed: slices.length > 0 || isAutoCandidate(kid),
        owns: [],
      };
    });
  const byName = new Map<string, PlanEntry>();
  for (const e of entries) {
    for (const n of e.kid.jsonNames) {
      if (byName.has(n)) continue;
      byName.set(n, e);
      e.owns.push(n);
    }
  }
  const plan: Plan = { entries, needed: entries.filter((e) => e.needed), byName };
  plans.set(el, plan);
  return plan;
}

function narrowed(nav: FhirNavigator, parent: ElementInfo, kid: ElementInfo, name: string): ElementInfo {
  const r = nav.child(parent, name, []);
  return r.ok ? r.element : kid;
}

/** A rule or block whose objects buildObject builds, with the keys its sub-rules' results are grouped by. */
export interface ObjectOwner {
  childKeys: string[];
  shape?: Shape;
}

/**
 * The entries an object without inline value may fill: the always-examined ones and those its sub-rules can
 * reach, in snapshot order (computed once per rule). `extras`: some are filled only when they receive results.
 */
export interface Shape {
  plan: Plan;
  candidates: PlanEntry[];
  extras: boolean;
}

export function shapeOf(nav: FhirNavigator, el: ElementInfo, owner: ObjectOwner | undefined): Shape {
  if (owner?.shape) return owner.shape;
  const plan = planOf(nav, el);
  // without an owner (autovalues, built once per memo entry) nothing but the always-examined entries
  if (!owner) return { plan, candidates: plan.needed, extras: false };
  const candidates = receiving(plan, new Set(owner.childKeys));
  owner.shape = { plan, candidates, extras: candidates.some((e) => !e.needed) };
  return owner.shape;
}

/** The candidates that are examined for these results (§4.3: the children that received a value). */
export function activeEntries(shape: Shape, byKey: Keys): readonly PlanEntry[] {
  if (!shape.extras) return shape.candidates;
  // every object a mapping builds comes through here: a copy only when some candidate is left out
  const all = shape.candidates;
  let i = 0;
  while (i < all.length && isActive(all[i]!, byKey)) i++;
  if (i === all.length) return all;
  const out = all.slice(0, i);
  for (i++; i < all.length; i++) if (isActive(all[i]!, byKey)) out.push(all[i]!);
  return out;
}

interface Keys {
  has(key: string): boolean;
}

function isActive(e: PlanEntry, byKey: Keys): boolean {
  if (e.needed) return true;
  for (const n of e.owns) if (byKey.has(n)) return true;
  return false;
}

/**
 * Without an inline object only the children that received results or are always examined get a slot (the
 * hot path): a resource has dozens of children, a rule touches a few.
 */
function receiving(plan: Plan, keys: ReadonlySet<string>): PlanEntry[] {
  let extra: PlanEntry[] | undefined;
  for (const key of keys) {
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
