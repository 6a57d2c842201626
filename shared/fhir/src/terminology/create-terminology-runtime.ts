import type { DefinitionIndex, IndexedResource } from '../definitions/definition-index.js';
import { ConceptMapIndex } from './concept-map-index.js';
import { expandConcepts, keyOf, UnexpandableError, type ExpansionSources } from './expand-value-set.js';
import { ExternalConceptMaps } from './external-concept-maps.js';
import { implicitSystemsOf, type ImplicitSystem } from './implicit-systems.js';
import type {
  CodeInput,
  Concept,
  ExpansionResult,
  MembershipResult,
  TerminologyRuntime,
} from './terminology-types.js';

type Json = Record<string, unknown>;

interface Expanded {
  readonly result: ExpansionResult;
  readonly bySystemCode?: ReadonlyMap<string, Concept>;
  readonly byCode?: ReadonlyMap<string, Concept[]>;
  /** A ValueSet of whole implicit systems (BCP-47): not expandable, membership answered per code. */
  readonly implicit?: readonly ImplicitSystem[];
}

/** Local terminology over the index; expansions and compiled ConceptMaps are cached for the context's life. */
export function createTerminologyRuntime(index: DefinitionIndex): TerminologyRuntime {
  const expansions = new Map<IndexedResource, Expanded>();
  const compiled = new WeakMap<Json, ConceptMapIndex>();
  const external = new ExternalConceptMaps();

  const expanded = (key: string, fromPackage?: string): Expanded => {
    const r = index.find('ValueSet', key, fromPackage);
    if (!r)
      return { result: { ok: false, reason: 'unknown-valueset', message: `ValueSet ${key} not found` } };
    let e = expansions.get(r);
    if (!e) {
      e = expandResource(index.read(r), sourcesFor(index, r.pkg.key));
      expansions.set(r, e);
    }
    return e;
  };

  const compiledMap = (cm: Json): ConceptMapIndex => {
    let c = compiled.get(cm);
    if (!c) {
      c = new ConceptMapIndex(cm);
      compiled.set(cm, c);
    }
    return c;
  };

  return {
    expand: (vs, fromPackage) => expanded(vs, fromPackage).result,
    expansionSize(vs, fromPackage) {
      const { result } = expanded(vs, fromPackage);
      return result.ok ? result.concepts.length : undefined;
    },
    lookup: (vs, code, fromPackage) => membership(expanded(vs, fromPackage), code),
    translate(code, conceptMap, fromPackage) {
      const fromServer = fromPackage === undefined ? external.find(conceptMap) : undefined;
      const r = fromServer ? undefined : index.find('ConceptMap', conceptMap, fromPackage);
      const cm = fromServer ?? (r ? index.read(r) : undefined);
      return cm ? compiledMap(cm).translate(code) : { status: 'unknown-conceptmap' };
    },
    addConceptMaps: (maps) => external.add(maps),
    flushExternal: () => external.clear(),
  };
}

function sourcesFor(index: DefinitionIndex, pkg: string): ExpansionSources {
  const read = (type: string, url: string) => {
    const r = index.find(type, url, pkg);
    return r ? index.read(r) : undefined;
  };
  return { valueSet: (url) => read('ValueSet', url), codeSystem: (url) => read('CodeSystem', url) };
}

function expandResource(vs: Json, sources: ExpansionSources): Expanded {
  let concepts: Concept[];
  try {
    concepts = expandConcepts(vs, sources);
  } catch (e) {
    if (!(e instanceof UnexpandableError)) throw e;
    const implicit = implicitSystemsOf(vs);
    return {
      result: { ok: false, reason: 'unexpandable-valueset', message: e.message },
      ...(implicit ? { implicit } : {}),
    };
  }
  const bySystemCode = new Map(concepts.map((c) => [keyOf(c), c]));
  const byCode = new Map<string, Concept[]>();
  for (const c of concepts) byCode.set(c.code, [...(byCode.get(c.code) ?? []), c]);
  const contains = concepts.map((c) => ({ ...c }));
  const { compose: _compose, ...rest } = vs;
  const valueSet = { ...rest, expansion: { total: concepts.length, contains } };
  return { result: { ok: true, valueSet, concepts }, bySystemCode, byCode };
}

function membership(e: Expanded, input: CodeInput): MembershipResult {
  if (e.implicit) return implicitMembership(e.implicit, input);
  if (!e.result.ok) return { status: 'unknown', reason: e.result.reason };
  const code = typeof input === 'string' ? input : input.code;
  const system = typeof input === 'string' ? undefined : input.system;
  if (system !== undefined) {
    const hit = e.bySystemCode?.get(`${system}|${code}`);
    return hit ? { status: 'member', concept: hit } : { status: 'not-member' };
  }
  const hits = e.byCode?.get(code) ?? [];
  if (hits.length > 1) return { status: 'unknown', reason: 'duplicate-code' };
  const [hit] = hits;
  return hit ? { status: 'member', concept: hit } : { status: 'not-member' };
}

/**
 * With its system named, a recognised code is a member; anything else stays unknown: the grammar is open, so never
 * `not-member`, and a bare code is not claimed for a system the expansion cannot list (no system injection).
 */
function implicitMembership(systems: readonly ImplicitSystem[], input: CodeInput): MembershipResult {
  const system = typeof input === 'string' ? undefined : input.system;
  const hit = systems.find((s) => s.system === system)?.concept((input as { code: string }).code);
  return hit ? { status: 'member', concept: hit } : { status: 'unknown', reason: 'unexpandable-valueset' };
}
