import type { FhirElementDefinition, FhirStructureDefinition } from '../fhir-types.js';
import { lastSegment } from './element-info.js';

export interface StructureIndex {
  byId: Map<string, FhirElementDefinition>;
  /** Parent element id → direct children (slices included), in snapshot order. */
  children: Map<string, FhirElementDefinition[]>;
}

const cache = new WeakMap<FhirStructureDefinition, StructureIndex>();

/** Parent id of an element id: the id minus its last `.<segment>[:slice]` (slice names may contain dots). */
export function parentId(def: FhirElementDefinition): string | undefined {
  const id = def.id ?? def.path;
  const seg = '.' + lastSegment(def.path);
  const at = id.lastIndexOf(seg + (def.sliceName !== undefined ? ':' + def.sliceName : ''));
  if (at > 0) return id.slice(0, at);
  const dot = id.lastIndexOf('.');
  return dot > 0 ? id.slice(0, dot) : undefined;
}

/** Indexes a snapshot once per StructureDefinition object. */
export function indexStructure(sd: FhirStructureDefinition): StructureIndex {
  const hit = cache.get(sd);
  if (hit) return hit;
  const byId = new Map<string, FhirElementDefinition>();
  const children = new Map<string, FhirElementDefinition[]>();
  for (const def of sd.snapshot?.element ?? []) {
    const id = def.id ?? def.path;
    byId.set(id, def);
    const parent = parentId(def);
    if (parent === undefined) continue;
    const list = children.get(parent);
    if (list) list.push(def);
    else children.set(parent, [def]);
  }
  const index = { byId, children };
  cache.set(sd, index);
  return index;
}
