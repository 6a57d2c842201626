import { createRequire } from 'node:module';
import { HL7_V2_VERSIONS, versionRank } from '@mapx/hl7v2';
import { buildFieldName } from './field-name.js';

/** How a value converts: its key, how its text reads, and its parts when it is a composite. */
export interface ValueModel {
  readonly name: string;
  /** 0 = text, 1 = `DT`, 2 = `DTM`, 3 = `varies` (type unknown: kept as written, escapes included). */
  readonly date: 0 | 1 | 2 | 3;
  readonly parts: readonly ValueModel[] | undefined;
}

export interface SegmentModel {
  readonly description: string;
  /** `fields[i]` describes field i + 1. */
  readonly fields: readonly ValueModel[];
}

/**
 * A data type's reading: what OBX-5 becomes once OBX-2 names its type. Built with an empty `name` so that
 * every model the converter sees has one object shape (mixed shapes made the hot path polymorphic).
 */
export type TypeModel = ValueModel;

export interface VersionModel {
  readonly version: string;
  readonly segments: ReadonlyMap<string, SegmentModel>;
  readonly types: ReadonlyMap<string, TypeModel>;
}

/**
 * The versions with their own definitions: those `hl7-dictionary` 1.0.1 ships, 2.1 … 2.7.1 of HL7_V2_VERSIONS.
 * Later ones (2.8 … 2.9) are read with the nearest earlier one (versions.ts); docs/normalizers.md says why.
 */
export const HL7_VERSIONS: readonly string[] = HL7_V2_VERSIONS.slice(0, versionRank('2.7.1') + 1);

interface RawDefinition {
  readonly datatype: string;
  readonly desc?: string;
}
interface RawDictionary {
  readonly segments: Record<string, { readonly desc: string; readonly fields: readonly RawDefinition[] }>;
  readonly fields: Record<string, { readonly subfields?: readonly RawDefinition[] }>;
}

const requireDictionary = createRequire(import.meta.url);

/**
 * Loads one version's dictionary file (only that one: the whole package costs ~36 MB of heap) and compiles
 * it into ready key names, so that converting a message does no string work on descriptions.
 */
export function loadVersionModel(version: string): VersionModel {
  const raw = requireDictionary(`hl7-dictionary/lib/${version}/index.js`) as RawDictionary;
  const cache = new Map<string, readonly ValueModel[] | undefined>();
  const partsOf = (datatype: string, depth: number): readonly ValueModel[] | undefined => {
    if (depth > 1) return undefined;
    const key = `${datatype}/${depth}`;
    if (cache.has(key)) return cache.get(key);
    const subfields = Object.hasOwn(raw.fields, datatype) ? (raw.fields[datatype]!.subfields ?? []) : [];
    const parts = subfields.length === 0 ? undefined : namedModels(subfields, (d) => partsOf(d, depth + 1));
    cache.set(key, parts);
    return parts;
  };
  const segments = new Map<string, SegmentModel>();
  for (const [id, def] of Object.entries(raw.segments)) {
    const fields = namedModels(def.fields, (d) => partsOf(d, 0));
    const first = def.fields[0];
    if (first?.desc?.startsWith('Set ID - ') && fields[0]) fields[0] = { ...fields[0], name: 'SetID' };
    segments.set(id, { description: def.desc, fields });
  }
  const types = new Map<string, TypeModel>();
  for (const datatype of Object.keys(raw.fields)) {
    types.set(datatype, { name: '', date: readingOf(datatype), parts: partsOf(datatype, 0) });
  }
  return { version, segments, types };
}

/** Models for a list of definitions; a repeated name gets `_<position>` so that no value hides another. */
function namedModels(
  defs: readonly RawDefinition[],
  partsOf: (datatype: string) => readonly ValueModel[] | undefined,
): ValueModel[] {
  const seen = new Set<string>();
  return defs.map((def, i) => {
    let name = buildFieldName(def.desc ?? '');
    if (name === '' || seen.has(name)) name = `${name}_${i + 1}`;
    seen.add(name);
    return { name, date: readingOf(def.datatype), parts: partsOf(def.datatype) };
  });
}

function readingOf(datatype: string): ValueModel['date'] {
  switch (datatype) {
    case 'DT':
      return 1;
    case 'DTM':
      return 2;
    case 'VARIES':
    case 'varies':
      return 3;
    default:
      return 0;
  }
}
