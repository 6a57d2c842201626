import type { Concept } from './terminology-types.js';

type Json = Record<string, unknown>;

export interface ExpansionSources {
  valueSet(url: string): Json | undefined;
  codeSystem(url: string): Json | undefined;
}

/** Thrown inside an expansion when part of it cannot be computed locally (filters, external systems). */
export class UnexpandableError extends Error {
  override readonly name = 'UnexpandableError';
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Local expansion: compose.include/exclude with concept lists, whole complete CodeSystems from the packages and
 * nested ValueSets; a published `expansion` is used when there is no compose. Anything else is unexpandable.
 */
export function expandConcepts(
  vs: Json,
  src: ExpansionSources,
  seen: ReadonlySet<string> = new Set(),
): Concept[] {
  const url = str(vs.url) ?? '';
  if (seen.has(url)) throw new UnexpandableError(`ValueSet ${url} includes itself`);
  const inner = new Set(seen).add(url);
  const compose = vs.compose as Json | undefined;
  if (!compose) {
    const contains = (vs.expansion as Json | undefined)?.contains;
    if (!contains) throw new UnexpandableError(`ValueSet ${url} has neither compose nor expansion`);
    return flattenContains(list(contains));
  }
  const included = dedupe(list(compose.include).flatMap((inc) => expandInclude(inc, src, inner)));
  const excluded = new Set(
    list(compose.exclude)
      .flatMap((ex) => expandInclude(ex, src, inner))
      .map(keyOf),
  );
  return included.filter((c) => !excluded.has(keyOf(c)));
}

export const keyOf = (c: { system: string; code: string }): string => `${c.system}|${c.code}`;

function expandInclude(inc: Json, src: ExpansionSources, seen: ReadonlySet<string>): Concept[] {
  if (list(inc.filter).length > 0) throw new UnexpandableError('include filters need a terminology server');
  const system = str(inc.system);
  const version = str(inc.version);
  let concepts: Concept[] | undefined;
  if (system) concepts = systemConcepts(system, version, list(inc.concept), src);
  for (const ref of Array.isArray(inc.valueSet) ? (inc.valueSet as unknown[]) : []) {
    const nested = src.valueSet(String(ref));
    if (!nested) throw new UnexpandableError(`nested ValueSet ${String(ref)} not found`);
    const members = expandConcepts(nested, src, seen);
    const keys = new Set(members.map(keyOf));
    concepts = concepts ? concepts.filter((c) => keys.has(keyOf(c))) : members;
  }
  return concepts ?? [];
}

function systemConcepts(
  system: string,
  version: string | undefined,
  picked: Json[],
  src: ExpansionSources,
): Concept[] {
  const cs = src.codeSystem(system);
  const displays = cs ? displayMap(list(cs.concept)) : new Map<string, string>();
  const make = (code: string, display: string | undefined): Concept => ({
    system,
    code,
    ...(display !== undefined ? { display } : {}),
    ...(version !== undefined ? { version } : {}),
  });
  if (picked.length > 0) {
    return picked.map((c) => make(String(c.code), str(c.display) ?? displays.get(String(c.code))));
  }
  if (!cs || str(cs.content) !== 'complete') {
    throw new UnexpandableError(`code system ${system} is not available completely in the packages`);
  }
  return [...displays.entries()].map(([code, display]) => make(code, display === '' ? undefined : display));
}

/** code → display over a (nested) concept hierarchy, in document order. */
function displayMap(concepts: Json[], into = new Map<string, string>()): Map<string, string> {
  for (const c of concepts) {
    const code = str(c.code);
    if (code !== undefined) into.set(code, str(c.display) ?? '');
    displayMap(list(c.concept), into);
  }
  return into;
}

function flattenContains(contains: Json[], out: Concept[] = []): Concept[] {
  for (const c of contains) {
    const system = str(c.system);
    const code = str(c.code);
    if (system && code && c.abstract !== true) {
      const display = str(c.display);
      const version = str(c.version);
      out.push({ system, code, ...(display ? { display } : {}), ...(version ? { version } : {}) });
    }
    flattenContains(list(c.contains), out);
  }
  return out;
}

function dedupe(concepts: Concept[]): Concept[] {
  const seen = new Set<string>();
  return concepts.filter((c) => (seen.has(keyOf(c)) ? false : (seen.add(keyOf(c)), true)));
}
