import type { ElementInfo } from '@mapx/fhir';
import { isCodedError } from '../errors/mapx-error.js';
import { PrimitiveEntry } from './values.js';
import { childPath, flashName, type RunCtx } from './run-context.js';
import { stateOf } from '../runtime/policy.js';

const clone = <T>(v: T): T => (typeof v === 'object' && v !== null ? (structuredClone(v) as T) : v);

/**
 * Builds a complex element's object from its definition alone (no inline value, no rule results). It is the
 * object builder itself (`buildFromDefinition`), passed in rather than imported: an autovalue of a complex child
 * is an object built like any other, and the builder imports this file, never the reverse.
 */
export type BuildFromDefinition = (rc: RunCtx, el: ElementInfo) => Record<string, unknown>;

/**
 * The value of a child that received no value and may get one (`isAutoCandidate`): fixed, pattern or built
 * from its own autovalues (§5.1).
 */
export function autoValue(rc: RunCtx, kid: ElementInfo, build: BuildFromDefinition): unknown {
  return memoized(rc, kid, build);
}

/**
 * Keyed by the definition object (shared by every expression compiled against the same FHIR context, whose
 * autovalues are the same), then by validation level and the parent's path (the child's path follows from it).
 */
const autoMemo = new WeakMap<ElementInfo, Map<number, Map<string, { v: unknown }>>>();

/**
 * Autovalues depend only on the definitions and the validation band, so they are computed once per compiled
 * expression and copied out; a computation that raised a diagnostic is not cached (it must raise it again).
 */
function memoized(rc: RunCtx, kid: ElementInfo, build: BuildFromDefinition): unknown {
  let byLevel = autoMemo.get(kid);
  if (!byLevel) autoMemo.set(kid, (byLevel = new Map()));
  let byPath = byLevel.get(rc.vl);
  if (!byPath) byLevel.set(rc.vl, (byPath = new Map()));
  const hit = byPath.get(rc.path);
  if (hit) return hit.v;
  const state = stateOf(rc.env);
  const before = state ? state.seen.size : 0;
  const v = virtualValue(rc, kid, childPath(rc.path, flashName(kid)), build);
  if (!state || state.seen.size === before) byPath.set(rc.path, { v: deepFreeze(v) });
  return v;
}

/** Shared autovalues are frozen: nothing downstream may mutate them (outputs are built from fresh objects). */
function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

export function virtualValue(
  rc: RunCtx,
  kid: ElementInfo,
  path: string,
  build: BuildFromDefinition,
): unknown {
  const fixed = kid.fixed ?? kid.pattern;
  if (fixed !== undefined) {
    if (kid.kind === 'primitive-type') {
      return new PrimitiveEntry(fixed, kid.fixed !== undefined ? kid.fixedSibling : kid.patternSibling);
    }
    if (kid.kind === 'system') return fixed;
    if (kid.kind === 'complex-type' && kid.pattern !== undefined && kid.fixed === undefined) {
      return builtOrNone(rc, kid, path, build) ?? clone(fixed);
    }
    return clone(fixed);
  }
  if (kid.kind !== 'complex-type') return undefined;
  return builtOrNone(rc, kid, path, build);
}

function builtOrNone(
  rc: RunCtx,
  kid: ElementInfo,
  path: string,
  build: BuildFromDefinition,
): Record<string, unknown> | undefined {
  try {
    const obj = build({ ...rc, path, epath: path }, kid);
    return Object.keys(obj).length ? obj : undefined;
  } catch (e) {
    if (isCodedError(e) && e.code.startsWith('F5')) throw e;
    return undefined;
  }
}
