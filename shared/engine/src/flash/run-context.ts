import type { ElementInfo } from '@mapx/fhir';
import { severityOf } from '../errors/catalogue.js';
import { threshold, type Env } from '../runtime/policy.js';
import type { BlockMeta, FlashTables, RuleMeta, Site } from '../compile/flash-plan.js';
import type { Checks, Where } from '../runtime/where.js';

/**
 * What one native FLASH call works with. The validation level is read from the environment once per call:
 * nothing can rebind it while native code runs, and each lookup walks JSONata's frame chain.
 */
export interface CallScope extends Checks {
  /** The JSONata input (focus) at the call, for natively evaluated values. */
  input: unknown;
  t: FlashTables;
}

export function callScope(env: Env, input: unknown, t: FlashTables): CallScope {
  return { env, input, t, vl: threshold(env, 'validationLevel') };
}

/** What the native FLASH functions carry while building one object. */
export interface RunCtx extends CallScope {
  block: BlockMeta;
  /** Flash path of the object being built ('' for the block root). */
  path: string;
  /** The same path with JSON names (`valueQuantity`), for fhirElement of child diagnostics. */
  epath: string;
  /** Position of the rule being evaluated (for diagnostics). */
  at: Site;
}

/** The context of one rule's evaluation: the call's scope and the rule's place. */
export function ruleCtx(s: CallScope, meta: RuleMeta): RunCtx {
  return {
    env: s.env,
    input: s.input,
    t: s.t,
    vl: s.vl,
    block: meta.block,
    path: meta.flashPath,
    epath: meta.elementPath,
    at: meta.at,
  };
}

/** Whether the check of a diagnostic code runs (its severity is inside the validation band). */
export function validates(c: Checks, code: string): boolean {
  return severityOf(code) < c.vl;
}

export function childPath(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

export function where(rc: RunCtx, fhirElement: string): Where {
  const at = rc.at;
  return {
    instanceOf: rc.block.instanceOf,
    fhirElement,
    position: at.position,
    start: at.start,
    line: at.line,
  };
}

export function parentName(rc: RunCtx): string {
  return rc.path ? `${rc.block.instanceOf}/${rc.path}` : rc.block.instanceOf;
}

/** The flash-path name of a child definition: `value` for `value[x]`, `name[slice]` for slices. */
export function flashName(el: ElementInfo): string {
  const base = el.jsonNames.length === 1 ? el.jsonNames[0]! : el.defName.replace('[x]', '');
  return el.sliceName !== undefined && !el.defName.endsWith('[x]') ? `${base}[${el.sliceName}]` : base;
}
