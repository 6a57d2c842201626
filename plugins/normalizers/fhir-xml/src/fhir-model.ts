import type { FhirDefinitionLookup, FhirElementDefinition, FhirStructureDefinition } from '@mapx/plugin-api';

/** How a JSON value is written for a FHIR primitive. */
export type PrimitiveKind = 'boolean' | 'integer' | 'decimal' | 'string';

/** What the converter needs to know about one child element. */
export type ElementInfo =
  | { readonly kind: 'primitive'; readonly array: boolean; readonly primitive: PrimitiveKind }
  | { readonly kind: 'xhtml'; readonly array: boolean }
  | { readonly kind: 'resource'; readonly array: boolean }
  | { readonly kind: 'complex'; readonly array: boolean; readonly scope: Scope };

/** The children of one type or backbone element, resolved lazily from its StructureDefinition. */
export interface Scope {
  readonly key: string;
  child(xmlName: string): ElementInfo | undefined;
}

export interface FhirModel {
  /** The scope of a resource type; undefined when the type is unknown or not a resource. */
  resource(type: string): Scope | undefined;
  /** The scope of a complex data type (Extension for primitive extensions). */
  type(type: string): Scope | undefined;
}

const INTEGERS = new Set(['integer', 'unsignedInt', 'positiveInt']);
const SYSTEM = 'http://hl7.org/fhirpath/System.';

/** Builds the model over a definitions lookup; every scope and child is computed once, then cached. */
export function createFhirModel(lookup: FhirDefinitionLookup): FhirModel {
  const scopes = new Map<string, Scope | undefined>();
  const scopeOf = (sd: FhirStructureDefinition, path: string): Scope => {
    const key = `${sd.url}#${path}`;
    let scope = scopes.get(key);
    if (!scope) {
      scope = buildScope(sd, path, key, typeScope, scopeOf);
      scopes.set(key, scope);
    }
    return scope;
  };
  const typeScope = (type: string): Scope | undefined => {
    const sd = lookup.getStructureDefinition(type);
    return sd?.snapshot ? scopeOf(sd, sd.type) : undefined;
  };
  return {
    resource: (type) => {
      const sd = lookup.getStructureDefinition(type);
      return sd?.kind === 'resource' && sd.type === type && sd.snapshot ? scopeOf(sd, type) : undefined;
    },
    type: typeScope,
  };
}

function buildScope(
  sd: FhirStructureDefinition,
  path: string,
  key: string,
  typeScope: (type: string) => Scope | undefined,
  scopeOf: (sd: FhirStructureDefinition, path: string) => Scope,
): Scope {
  const direct = new Map<string, FhirElementDefinition>();
  const choices: FhirElementDefinition[] = [];
  const prefix = `${path}.`;
  for (const ed of sd.snapshot?.element ?? []) {
    if (ed.sliceName !== undefined || !ed.path.startsWith(prefix)) continue;
    const name = ed.path.slice(prefix.length);
    if (name.includes('.')) continue;
    if (name.endsWith('[x]')) choices.push(ed);
    else direct.set(name, ed);
  }
  const resolved = new Map<string, ElementInfo>();
  const infoFor = (ed: FhirElementDefinition, code: string | undefined): ElementInfo | undefined =>
    buildInfo(ed, code, typeScope, (p) => scopeOf(sd, p));
  return {
    key,
    child(xmlName) {
      let info = resolved.get(xmlName);
      if (info) return info;
      const ed = direct.get(xmlName);
      if (ed) info = infoFor(ed, ed.type?.[0]?.code);
      else {
        for (const choice of choices) {
          const stem = choice.path.slice(prefix.length, -3);
          if (!xmlName.startsWith(stem)) continue;
          const suffix = xmlName.slice(stem.length);
          const type = choice.type?.find(
            (t) => t.code.length > 0 && t.code[0]!.toUpperCase() + t.code.slice(1) === suffix,
          );
          if (type) info = infoFor(choice, type.code);
        }
      }
      // Unknown names come from request bodies: caching them too would let the cache grow without bound.
      if (info) resolved.set(xmlName, info);
      return info;
    },
  };
}

function buildInfo(
  ed: FhirElementDefinition,
  code: string | undefined,
  typeScope: (type: string) => Scope | undefined,
  localScope: (path: string) => Scope,
): ElementInfo | undefined {
  const array = (ed.base?.max ?? ed.max ?? '1') !== '1';
  if (ed.contentReference)
    return {
      kind: 'complex',
      array,
      scope: localScope(ed.contentReference.slice(ed.contentReference.indexOf('#') + 1)),
    };
  if (code === undefined) return undefined;
  if (code.startsWith(SYSTEM))
    return { kind: 'primitive', array, primitive: systemPrimitive(code.slice(SYSTEM.length)) };
  if (code === 'xhtml') return { kind: 'xhtml', array };
  if (code === 'Resource' || code === 'DomainResource') return { kind: 'resource', array };
  if (code === 'BackboneElement' || code === 'Element')
    return { kind: 'complex', array, scope: localScope(ed.path) };
  if (code[0] !== code[0]!.toUpperCase()) return { kind: 'primitive', array, primitive: fhirPrimitive(code) };
  const scope = typeScope(code);
  return scope ? { kind: 'complex', array, scope } : undefined;
}

function fhirPrimitive(code: string): PrimitiveKind {
  if (code === 'boolean') return 'boolean';
  if (INTEGERS.has(code)) return 'integer';
  return code === 'decimal' ? 'decimal' : 'string';
}

function systemPrimitive(name: string): PrimitiveKind {
  if (name === 'Boolean') return 'boolean';
  if (name === 'Integer') return 'integer';
  return name === 'Decimal' ? 'decimal' : 'string';
}
