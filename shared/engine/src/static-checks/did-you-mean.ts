import type { ElementInfo, FhirContext, FhirNavigator } from '@mapx/fhir';
import { DID_YOU_MEAN } from '../errors/catalogue.js';
import type { MapxError } from '../errors/mapx-error.js';
import type { PathSegment } from '../syntax/ast.js';
import { closest } from './edit-distance.js';

/** What the resolver knew when a path segment was not found (attached to its F2002, not enumerable). */
export interface Unresolved {
  parent: ElementInfo;
  seg: PathSegment;
}

/**
 * Adds "Did you mean …?" to F2001 errors close to a definition's id or name, and to F2002 errors whose segment is close to an element name, a choice type's JSON name
 * (`valueQuantty` → `valueQuantity`) or, when the element exists, one of its slice names.
 */
export function addSuggestions(
  errors: readonly MapxError[],
  nav: FhirNavigator | undefined,
  fhir: FhirContext | undefined,
): void {
  if (!nav) return;
  for (const err of errors) {
    const u = (err as { unresolved?: Unresolved }).unresolved;
    const suggestion =
      err.code === 'F2002' && u
        ? suggest(nav, u)
        : err.code === 'F2001' && fhir
          ? suggestDefinition(fhir, err.value)
          : undefined;
    if (!suggestion) continue;
    err['suggestion'] = suggestion;
    err.message += DID_YOU_MEAN.replace('{{suggestion}}', JSON.stringify(suggestion));
  }
}

/** F2001: an InstanceOf identifier close to the id or name of a loaded definition (`Patinet` → `Patient`). */
function suggestDefinition(fhir: FhirContext, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.includes('/')) return undefined;
  const names = new Set<string>();
  for (const sd of fhir.listStructureDefinitions()) {
    names.add(sd.id);
    if (sd.name) names.add(sd.name);
  }
  return closest(value, names);
}

function suggest(nav: FhirNavigator, { parent, seg }: Unresolved): string | undefined {
  const kids = nav.children(parent);
  const heads = kids.filter((k) => k.sliceName === undefined);
  const direct = heads.find((k) => k.defName === seg.name);
  if (direct && seg.slices.length === 1) {
    const slices = kids.filter((k) => k.path === direct.path && k.sliceName !== undefined);
    const s = closest(seg.slices[0]!, new Set(slices.map((k) => k.sliceName!)));
    return s === undefined ? undefined : `${seg.name}[${s}]`;
  }
  if (seg.slices.length) return undefined;
  const names = new Set<string>();
  for (const k of heads) {
    if (k.defName.endsWith('[x]')) k.jsonNames.forEach((n) => names.add(n));
    else names.add(k.defName);
  }
  return closest(seg.name, names);
}
