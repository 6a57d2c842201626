import type { ElementInfo } from '@mapx/fhir';

/** One completion candidate: a child element of the type or profile at a path (GET /fhir/elements). */
export interface ElementChild {
  readonly name: string;
  readonly jsonNames: readonly string[];
  readonly kind: string;
  readonly min: number;
  readonly max: string;
  readonly isArray: boolean;
  readonly types: readonly string[];
  readonly sliceName?: string;
  readonly isSlice: boolean;
  readonly isChoice: boolean;
  readonly binding?: { readonly strength: string; readonly valueSet: string };
  readonly fixed: boolean;
  readonly short?: string;
}

export function describeChild(el: ElementInfo): ElementChild {
  const isChoice = el.defName.endsWith('[x]');
  const base = isChoice ? el.defName.slice(0, -3) : el.defName;
  const short = typeof el.def.short === 'string' ? el.def.short : undefined;
  return {
    name: el.sliceName !== undefined ? `${base}[${el.sliceName}]` : base,
    jsonNames: el.jsonNames,
    kind: el.kind,
    min: el.min,
    max: el.max,
    isArray: el.isArray,
    types: el.types,
    ...(el.sliceName !== undefined ? { sliceName: el.sliceName } : {}),
    isSlice: el.sliceName !== undefined,
    isChoice,
    ...(el.binding ? { binding: { strength: el.binding.strength, valueSet: el.binding.valueSet } } : {}),
    fixed: el.fixed !== undefined,
    ...(short ? { short } : {}),
  };
}
