import type { FhirElementDefinition, FhirStructureDefinition } from '../fhir-types.js';
import { deriveElement, type SdLookup } from './derive-element.js';
import { capitalize, type ElementInfo, type RootInfo } from './element-info.js';
import { indexStructure } from './structure-index.js';

/** A navigation failure: an engine error code (F2002, F2004, F2007…) with its message fields. */
export interface NavigationError {
  code: string;
  fields: Record<string, unknown>;
}

export type ChildResult = { ok: true; element: ElementInfo } | { ok: false; error: NavigationError };

export interface FhirNavigator {
  /** A type, profile or extension definition by id, name or canonical URL. */
  root(identifier: string): RootInfo | undefined;
  /** Child definitions in snapshot order, slices included (each slice after its base element). */
  children(element: ElementInfo): ElementInfo[];
  /** Resolves one FLASH path segment (§3.3): `name`, `valueX`, `name[slice]`, `value[Type]`, virtual slices. */
  child(element: ElementInfo, name: string, slices: readonly string[]): ChildResult;
}

interface ContextLike {
  getStructureDefinition(idOrNameOrUrl: string): FhirStructureDefinition | undefined;
}

const navigators = new WeakMap<object, FhirNavigator>();

/** One navigator per FHIR context (memoised): element metadata is derived once and reused. */
export function createNavigator(ctx: ContextLike): FhirNavigator {
  const hit = navigators.get(ctx);
  if (hit) return hit;
  const nav = buildNavigator(ctx);
  navigators.set(ctx, nav);
  return nav;
}

function buildNavigator(ctx: ContextLike): FhirNavigator {
  const lookup: SdLookup = (id) => ctx.getStructureDefinition(id);
  const childCache = new Map<string, ElementInfo[]>();
  const byElement = new WeakMap<ElementInfo, ElementInfo[]>();

  const childDefs = (el: ElementInfo): { sd: FhirStructureDefinition; defs: FhirElementDefinition[] } => {
    const src = el.children;
    if (!src) return { sd: el.sd, defs: [] };
    const own = indexStructure(src.sd).children.get(src.prefix);
    if (own?.length) return { sd: src.sd, defs: own };
    if (el.sliceName !== undefined) {
      const unsliced = src.prefix.slice(0, src.prefix.lastIndexOf(':'));
      const viaBase = indexStructure(src.sd).children.get(unsliced);
      if (viaBase?.length) return { sd: src.sd, defs: viaBase };
    }
    const typeSd = lookup(el.profile ?? el.typeCode) ?? lookup(el.typeCode);
    const rootId = typeSd?.snapshot?.element[0]?.id;
    if (!typeSd || !rootId) return { sd: el.sd, defs: [] };
    return { sd: typeSd, defs: indexStructure(typeSd).children.get(rootId) ?? [] };
  };

  const children = (el: ElementInfo): ElementInfo[] => {
    const known = byElement.get(el);
    if (known) return known;
    const list = childrenByKey(el);
    byElement.set(el, list);
    return list;
  };

  const childrenByKey = (el: ElementInfo): ElementInfo[] => {
    const key = `${el.sd.url}|${el.children?.sd.url}|${el.children?.prefix}|${el.profile ?? ''}|${el.typeCode}`;
    const hit = childCache.get(key);
    if (hit) return hit;
    const { sd, defs } = childDefs(el);
    const out: ElementInfo[] = [];
    for (const def of defs) {
      const info = deriveElement(sd, def, lookup);
      if (info !== 'F2007') out.push(info);
    }
    childCache.set(key, out);
    return out;
  };

  const root = (identifier: string): RootInfo | undefined => {
    const sd = lookup(identifier);
    const first = sd?.snapshot?.element[0];
    if (!sd || !first) return undefined;
    const element: ElementInfo = {
      id: first.id ?? first.path,
      path: first.path,
      basePath: first.path,
      defName: first.path,
      jsonNames: [],
      types: [sd.type],
      kind:
        sd.kind === 'resource'
          ? 'resource'
          : sd.kind === 'primitive-type'
            ? 'primitive-type'
            : 'complex-type',
      typeCode: sd.type,
      isArray: false,
      min: 0,
      max: '1',
      sd,
      def: first,
      children: { sd, prefix: first.id ?? first.path },
    };
    return {
      sd,
      url: sd.url,
      type: sd.type,
      kind: sd.kind,
      derivation: sd.derivation ?? 'specialization',
      element,
    };
  };

  const nav: FhirNavigator = {
    root,
    children,
    child: (el, name, slices) => resolveChild(nav, lookup, el, name, slices),
  };
  return nav;
}

function notFound(el: ElementInfo, name: string): ChildResult {
  return { ok: false, error: { code: 'F2002', fields: { value: name, fhirType: el.sd.type } } };
}

function resolveChild(
  nav: FhirNavigator,
  lookup: SdLookup,
  el: ElementInfo,
  name: string,
  slices: readonly string[],
): ChildResult {
  const kids = nav.children(el);
  if (slices.length > 1) return notFound(el, name);
  const heads = kids.filter((k) => k.sliceName === undefined || k.defName.endsWith('[x]'));
  const direct = heads.find((k) => k.defName === name && k.sliceName === undefined);
  if (direct)
    return slices.length ? sliceOf(kids, lookup, direct, slices[0]!, name) : { ok: true, element: direct };
  const choice = heads.find(
    (k) => k.sliceName === undefined && k.defName.endsWith('[x]') && name.startsWith(k.defName.slice(0, -3)),
  );
  if (!choice) return notFound(el, name);
  const stem = choice.defName.slice(0, -3);
  if (name === stem) {
    if (slices.length) return narrowChoice(kids, lookup, choice, slices[0]!, true);
    if (choice.types.length === 1) return narrowChoice(kids, lookup, choice, choice.types[0]!, false);
    return {
      ok: false,
      error: {
        code: 'F2004',
        fields: { value: name, fhirType: el.sd.type, allowedNames: choice.jsonNames.join(', ') },
      },
    };
  }
  if (slices.length) return notFound(el, name);
  return narrowChoice(kids, lookup, choice, name.slice(stem.length), false);
}

/** `valueQuantity`, `value[Quantity]`, `value[valueQuantity]`, `value[x]`, `value[SimpleQuantity]` (§3.3). */
function narrowChoice(
  kids: ElementInfo[],
  lookup: SdLookup,
  head: ElementInfo,
  token: string,
  bracket: boolean,
): ChildResult {
  const stem = head.defName.slice(0, -3);
  if (bracket && token === 'x') {
    if (head.types.length !== 1) return notFound(head, head.defName);
    token = head.types[0]!;
  }
  const typeName = token.startsWith(stem) && token.length > stem.length ? token.slice(stem.length) : token;
  const type = head.types.find((t) => capitalize(t) === capitalize(typeName));
  if (type) {
    const sliceName = stem + capitalize(type);
    const typeSlice = kids.find((k) => k.path === head.path && k.sliceName === sliceName);
    const narrowed = deriveElement(typeSlice?.sd ?? head.sd, typeSlice?.def ?? head.def, lookup, type);
    if (narrowed === 'F2007') return notFound(head, head.defName);
    if (typeSlice) delete narrowed.sliceName;
    return { ok: true, element: narrowed };
  }
  if (!bracket) return notFound(head, stem + typeName);
  const profile = lookup(token);
  if (!profile || !head.types.includes(profile.type)) return notFound(head, `${stem}[${token}]`);
  const narrowed = deriveElement(head.sd, head.def, lookup, profile.type);
  if (narrowed === 'F2007') return notFound(head, head.defName);
  return { ok: true, element: withProfile(narrowed, profile) };
}

function withProfile(el: ElementInfo, sd: FhirStructureDefinition): ElementInfo {
  const rootId = sd.snapshot?.element[0]?.id ?? sd.type;
  return { ...el, profile: sd.url, children: { sd, prefix: rootId } };
}

/** Real slice by name (or by type profile URL), else a virtual slice through a StructureDefinition (§3.3). */
function sliceOf(
  kids: ElementInfo[],
  lookup: SdLookup,
  base: ElementInfo,
  token: string,
  name: string,
): ChildResult {
  const real =
    kids.find((k) => k.path === base.path && k.sliceName === token) ??
    kids.find((k) => k.path === base.path && k.sliceName !== undefined && k.profile === token);
  if (real) return { ok: true, element: real };
  const sd = lookup(token);
  if (!sd || !base.types.includes(sd.type)) return notFound(base, `${name}[${token}]`);
  const bySd = kids.find((k) => k.path === base.path && k.sliceName !== undefined && k.profile === sd.url);
  if (bySd) return { ok: true, element: bySd };
  return { ok: true, element: withProfile(base, sd) };
}
