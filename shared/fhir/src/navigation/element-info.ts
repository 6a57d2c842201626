import type { FhirElementDefinition, FhirStructureDefinition } from '../fhir-types.js';

export type ElementKind = 'system' | 'primitive-type' | 'complex-type' | 'resource';

export interface ElementBinding {
  strength: string;
  valueSet: string;
  /** `id#version` of the package that defined the element, for resolving the ValueSet there first (§5.7). */
  fromPackage?: string;
}

/** Where an element's children are read from: `prefix` is the parent element id inside `sd`. */
export interface ChildSource {
  sd: FhirStructureDefinition;
  prefix: string;
}

/** An element resolved for FLASH, with the derived fields of mapping-language.md §4.1. */
export interface ElementInfo {
  /** Element id in its StructureDefinition (e.g. `Observation.component:SystolicBP.value[x]`). */
  id: string;
  /** Element path (e.g. `Observation.component.value[x]`). */
  path: string;
  /** Path of the base definition (for the autovalue whitelist, §5.1). */
  basePath: string;
  /** Definition name of the element: last path segment (`value[x]`). */
  defName: string;
  /** JSON names (one per allowed type for choices; `value` + type for narrowed choices). */
  jsonNames: string[];
  /** Allowed type codes after narrowing. */
  types: string[];
  kind: ElementKind;
  /** FHIR type code of the (single) type; `Resource.id` is `id` (§4.1). */
  typeCode: string;
  isArray: boolean;
  min: number;
  max: string;
  sliceName?: string;
  /** Profile URL when reached through a virtual slice or a type profile. */
  profile?: string;
  fixed?: unknown;
  fixedSibling?: Record<string, unknown>;
  pattern?: unknown;
  patternSibling?: Record<string, unknown>;
  regex?: string;
  maxLength?: number;
  binding?: ElementBinding;
  /** The StructureDefinition that defines this element. */
  sd: FhirStructureDefinition;
  def: FhirElementDefinition;
  /** Children source (unset for system elements). */
  children?: ChildSource;
}

export interface RootInfo {
  sd: FhirStructureDefinition;
  url: string;
  /** Base `type` of the StructureDefinition. */
  type: string;
  /** `resource`, `complex-type`, `primitive-type`, `logical`. */
  kind: string;
  derivation: string;
  /** The root element (e.g. `Patient`), children in `children`. */
  element: ElementInfo;
}

export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Last path segment of an element path. */
export const lastSegment = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** Fixed[x] / pattern[x] (and its `_` sibling) for a type code (§4.1). */
export function fixedOrPattern(
  def: FhirElementDefinition,
  prefix: 'fixed' | 'pattern',
  typeCode: string,
): { value?: unknown; sibling?: Record<string, unknown> } {
  const key = prefix + capitalize(typeCode);
  let value = def[key];
  if (value === undefined) {
    const any = Object.keys(def).find((k) => k.startsWith(prefix) && k.length > prefix.length);
    if (any) value = def[any];
  }
  const sib = def['_' + key];
  return {
    ...(value !== undefined ? { value } : {}),
    ...(sib && typeof sib === 'object' ? { sibling: sib as Record<string, unknown> } : {}),
  };
}
