import type { ElementInfo } from '@mapx/fhir';
import type { FlashResult } from './values.js';
import { isObj } from './is-obj.js';
import type { ObjectOwner } from '../compile/object-plan.js';
import type { RunCtx } from './run-context.js';

type Obj = Record<string, unknown>;

/**
 * The object of a rule on a single-valued complex element, not built yet. The parent builds it once it has
 * every rule that targets the element (flat `* a.b` / `* a.c`, nested, in any order): the rules merge into one
 * instance first, so its checks (mandatory children, pattern, binding) see the merged object, not a part of it.
 */
export class PendingObject {
  constructor(
    /** The context of the rule (diagnostics of the merged object point at the first rule of the element). */
    readonly rc: RunCtx,
    readonly el: ElementInfo,
    readonly inline: Obj | undefined,
    readonly results: readonly FlashResult[],
    readonly owner: ObjectOwner,
  ) {}
}

/** Whether the rules on an element merge into one instance (at most one repetition). */
export function isSingle(el: ElementInfo): boolean {
  return !el.isArray || el.max === '1';
}

/** Indexed loop: called for every child slot, where an array iterator shows up in allocation profiles. */
export function hasPending(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] instanceof PendingObject) return true;
  return false;
}

/**
 * The values one single-valued element received, as one pending object, in source order: as if the rules had
 * been written as sub-rules of one rule. Inline objects merge key by key and drop the sub-rule results of the
 * keys they set before them (later values win, as in a shallow merge); sub-rule results are concatenated.
 * Undefined when a value is neither a pending nor a plain object (the values then merge as they are).
 */
export function combine(values: readonly unknown[]): PendingObject | undefined {
  let first: PendingObject | undefined;
  let inline: Obj | undefined;
  let results: FlashResult[] = [];
  const keys = new Set<string>();
  for (const v of values) {
    if (v instanceof PendingObject) {
      first ??= v;
      if (v.inline) [inline, results] = withInline(inline, results, v.inline);
      for (const r of v.results) results.push(r);
      for (const k of v.owner.childKeys) keys.add(k);
    } else if (isObj(v)) [inline, results] = withInline(inline, results, v);
    else return undefined;
  }
  if (!first) return undefined;
  return new PendingObject(first.rc, first.el, inline, results, ownerFor(first.owner, keys));
}

function withInline(inline: Obj | undefined, results: FlashResult[], add: Obj): [Obj, FlashResult[]] {
  const kept = results.filter((r) => !Object.hasOwn(add, baseKey(r.key)));
  return [inline ? { ...inline, ...add } : add, kept];
}

/** The JSON name a result key stands for (`component` for the slice key `component:SystolicBP`). */
function baseKey(key: string): string {
  const at = key.indexOf(':');
  return at < 0 ? key : key.slice(0, at);
}

/** Owners of merged rules, by the first rule's owner and the union of keys (finite: fixed by the source). */
const owners = new WeakMap<ObjectOwner, Map<string, ObjectOwner>>();

function ownerFor(first: ObjectOwner, keys: ReadonlySet<string>): ObjectOwner {
  if (isSubset(keys, first.childKeys)) return first;
  const childKeys = [...keys];
  const id = childKeys.join('\n');
  let byKeys = owners.get(first);
  if (!byKeys) owners.set(first, (byKeys = new Map()));
  let owner = byKeys.get(id);
  if (!owner) byKeys.set(id, (owner = { childKeys }));
  return owner;
}

function isSubset(keys: ReadonlySet<string>, of: readonly string[]): boolean {
  for (const k of keys) if (!of.includes(k)) return false;
  return true;
}
