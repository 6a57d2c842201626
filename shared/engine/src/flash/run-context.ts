import type { ElementInfo } from '@mapx/fhir';
import type { Env } from '../runtime/policy.js';
import type { BlockMeta, FlashTables } from './flash-meta.js';
import type { Where } from './primitives.js';

/** What the native FLASH functions carry while building one object. */
export interface RunCtx {
  env: Env;
  t: FlashTables;
  block: BlockMeta;
  /** Flash path of the object being built ('' for the block root). */
  path: string;
  /** The same path with JSON names (`valueQuantity`), for fhirElement of child diagnostics. */
  epath: string;
  /** Position of the rule being evaluated (for diagnostics). */
  at: { position: number; start: number; line: number };
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
