import type { FhirElementDefinition, FhirStructureDefinition } from '../fhir-types.js';
import {
  capitalize,
  fixedOrPattern,
  lastSegment,
  type ElementBinding,
  type ElementInfo,
  type ElementKind,
} from './element-info.js';

const SYSTEM = 'http://hl7.org/fhirpath/System.';
const FHIR_TYPE_EXT = 'http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type';
const REGEX_EXT = 'http://hl7.org/fhir/StructureDefinition/regex';
const MAX_VS_EXT = 'http://hl7.org/fhir/StructureDefinition/elementdefinition-maxValueSet';

export type SdLookup = (idOrUrl: string) => FhirStructureDefinition | undefined;

interface Ext {
  url?: string;
  valueUrl?: string;
  valueUri?: string;
  valueString?: string;
  valueCanonical?: string;
}

/** FHIR type code of a type entry: System.* types use the fhir-type extension (§4.1). */
export function fhirTypeCode(t: { code: string; extension?: unknown }): string {
  if (!t.code.startsWith(SYSTEM)) return t.code;
  const ext = (t.extension as Ext[] | undefined)?.find((e) => e.url === FHIR_TYPE_EXT);
  return ext?.valueUrl ?? ext?.valueUri ?? ext?.valueString ?? t.code.slice(SYSTEM.length).toLowerCase();
}

export function kindOfType(code: string, lookup: SdLookup): ElementKind | undefined {
  if (code.startsWith(SYSTEM)) return 'system';
  if (code === 'Resource' || code === 'DomainResource') return 'resource';
  const sd = lookup(code);
  if (!sd) return code === 'BackboneElement' || code === 'Element' ? 'complex-type' : undefined;
  if (sd.kind === 'resource') return 'resource';
  if (sd.kind === 'primitive-type') return 'primitive-type';
  return 'complex-type';
}

/** Regex and maxLength of a primitive type from its `value` element (§4.1). */
export function primitiveConstraints(
  typeCode: string,
  lookup: SdLookup,
): { regex?: string; maxLength?: number } {
  const sd = lookup(typeCode);
  const value = sd?.snapshot?.element.find((e) => e.path === `${typeCode}.value`);
  if (!value) return {};
  const ext = (value.type?.[0]?.['extension'] as Ext[] | undefined)?.find((e) => e.url === REGEX_EXT);
  const maxLength = typeof value['maxLength'] === 'number' ? value['maxLength'] : undefined;
  return {
    ...(ext?.valueString !== undefined ? { regex: ext.valueString } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
  };
}

function bindingOf(def: FhirElementDefinition, sd: FhirStructureDefinition): ElementBinding | undefined {
  const b = def['binding'] as { strength?: string; valueSet?: string; extension?: Ext[] } | undefined;
  if (!b) return undefined;
  const pkg = typeof sd['__package'] === 'string' ? { fromPackage: sd['__package'] } : {};
  const max = b.extension?.find((e) => e.url === MAX_VS_EXT);
  const maxVs = max?.valueCanonical ?? max?.valueUri ?? max?.valueUrl;
  if (b.strength !== 'required' && maxVs) return { strength: 'required', valueSet: maxVs, ...pkg };
  if (!b.valueSet || !b.strength) return undefined;
  return { strength: b.strength, valueSet: b.valueSet, ...pkg };
}

/**
 * Derives an ElementInfo from an element definition; `narrowTo` picks one type of a choice. Returns a
 * string error code (`F2007`) for an untyped element.
 */
export function deriveElement(
  sd: FhirStructureDefinition,
  def: FhirElementDefinition,
  lookup: SdLookup,
  narrowTo?: string,
): ElementInfo | 'F2007' {
  const defName = lastSegment(def.path);
  const base = {
    id: def.id ?? def.path,
    path: def.path,
    basePath: def.base?.path ?? def.path,
    defName,
    sd,
    def,
  };
  const card = {
    isArray: (def.base?.max ?? def.max ?? '1') !== '1',
    min: def.min ?? 0,
    max: def.max ?? '*',
    ...(def.sliceName !== undefined ? { sliceName: def.sliceName } : {}),
  };
  if (def.contentReference) {
    const ref = def.contentReference.slice(def.contentReference.indexOf('#') + 1);
    return {
      ...base,
      ...card,
      jsonNames: [defName],
      types: ['BackboneElement'],
      kind: 'complex-type',
      typeCode: 'BackboneElement',
      children: { sd, prefix: ref },
    };
  }
  const allTypes = (def.type ?? []).map((t) => fhirTypeCode(t));
  const types = narrowTo ? allTypes.filter((t) => t === narrowTo) : allTypes;
  if (types.length === 0) return 'F2007';
  const choiceStem = defName.endsWith('[x]') ? defName.slice(0, -3) : undefined;
  const jsonNames = choiceStem ? types.map((t) => choiceStem + capitalize(t)) : [defName];
  const rawCode =
    (narrowTo ? def.type?.find((t) => fhirTypeCode(t) === narrowTo) : def.type?.[0])?.code ?? '';
  const isResourceId =
    def.base?.path === 'Resource.id' ||
    (rawCode.startsWith(SYSTEM) && /^[A-Za-z]+\.id$/.test(def.path) && sd.kind === 'resource');
  const typeCode = isResourceId ? 'id' : types[0]!;
  const kind = kindOfType(rawCode, lookup) ?? 'complex-type';
  const info: ElementInfo = { ...base, ...card, jsonNames, types, kind, typeCode };
  if (types.length === 1) Object.assign(info, valueConstraints(def, kind, typeCode, lookup));
  const binding = bindingOf(def, sd);
  if (binding) info.binding = binding;
  const profile = (narrowTo ? def.type?.find((t) => fhirTypeCode(t) === narrowTo) : def.type?.[0])
    ?.profile?.[0];
  if (profile && types.length === 1 && kind !== 'resource') info.profile = profile;
  if (kind !== 'system') info.children = { sd, prefix: base.id };
  return info;
}

function valueConstraints(
  def: FhirElementDefinition,
  kind: ElementKind,
  typeCode: string,
  lookup: SdLookup,
): Partial<ElementInfo> {
  const out: Partial<ElementInfo> = {};
  const fixed = fixedOrPattern(def, 'fixed', typeCode);
  const pattern = fixedOrPattern(def, 'pattern', typeCode);
  if (fixed.value !== undefined) out.fixed = fixed.value;
  if (fixed.sibling) out.fixedSibling = fixed.sibling;
  if (pattern.value !== undefined) out.pattern = pattern.value;
  if (pattern.sibling) out.patternSibling = pattern.sibling;
  if (kind === 'primitive-type' || kind === 'system') {
    Object.assign(out, primitiveConstraints(typeCode, lookup));
    if (typeof def['maxLength'] === 'number') out.maxLength = def['maxLength'];
  }
  return out;
}
