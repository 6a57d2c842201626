import { createRequire } from 'node:module';
import { buildFieldName } from './field-name.js';

/** How a value converts: its key, whether it is a date, and its parts when it is a composite. */
export interface ValueModel {
  readonly name: string;
  /** 0 = text, 1 = `DT`, 2 = `DTM`. */
  readonly date: 0 | 1 | 2;
  readonly parts: readonly ValueModel[] | undefined;
}

export interface SegmentModel {
  readonly description: string;
  /** `fields[i]` describes field i + 1. */
  readonly fields: readonly ValueModel[];
}

export interface VersionModel {
  readonly version: string;
  readonly segments: ReadonlyMap<string, SegmentModel>;
}

/** The versions `hl7-dictionary` 1.0.1 ships. */
export const HL7_VERSIONS: readonly string[] = [
  '2.1',
  '2.2',
  '2.3',
  '2.3.1',
  '2.4',
  '2.5',
  '2.5.1',
  '2.6',
  '2.7',
  '2.7.1',
];

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
  const types = new Map<string, readonly ValueModel[] | undefined>();
  const partsOf = (datatype: string, depth: number): readonly ValueModel[] | undefined => {
    if (depth > 1) return undefined;
    const key = `${datatype}/${depth}`;
    if (types.has(key)) return types.get(key);
    const subfields = raw.fields[datatype]?.subfields ?? [];
    const parts = subfields.length === 0 ? undefined : namedModels(subfields, (d) => partsOf(d, depth + 1));
    types.set(key, parts);
    return parts;
  };
  const segments = new Map<string, SegmentModel>();
  for (const [id, def] of Object.entries(raw.segments)) {
    const fields = namedModels(def.fields, (d) => partsOf(d, 0));
    const first = def.fields[0];
    if (first?.desc?.startsWith('Set ID - ') && fields[0]) fields[0] = { ...fields[0], name: 'SetID' };
    segments.set(id, { description: def.desc, fields });
  }
  return { version, segments };
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
    const date = def.datatype === 'DT' ? 1 : def.datatype === 'DTM' ? 2 : 0;
    return { name, date, parts: partsOf(def.datatype) };
  });
}
