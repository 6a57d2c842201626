import type { Concept } from './terminology-types.js';

/**
 * Code systems defined by a grammar rather than a list (§5.7 "implicit code systems"): no package holds their
 * concepts, so a ValueSet that includes one whole cannot be expanded; membership is answered per code instead.
 */
export interface ImplicitSystem {
  readonly system: string;
  /** The concept for a code, with its display; undefined when the code is not recognised. */
  concept(code: string): Concept | undefined;
}

const BCP_47 = 'urn:ietf:bcp:47';
let languageNames: Intl.DisplayNames | undefined;

/**
 * BCP-47 language tags, named by the ICU data that ships with Node (`en` → "English", `en-US` → "English (United
 * States)"). Only a tag ICU can name is recognised: a well-formed but unknown tag (`xx`) is not judged either way.
 */
const bcp47: ImplicitSystem = {
  system: BCP_47,
  concept(code) {
    languageNames ??= new Intl.DisplayNames(['en'], {
      type: 'language',
      fallback: 'none',
      languageDisplay: 'standard',
    });
    let display: string | undefined;
    try {
      display = languageNames.of(code);
    } catch {
      return undefined; // not a well-formed tag
    }
    return display === undefined ? undefined : { system: BCP_47, code, display };
  },
};

const IMPLICIT = new Map<string, ImplicitSystem>([[BCP_47, bcp47]]);

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/**
 * The implicit systems of a ValueSet made only of whole implicit systems (`all-languages`: include
 * `urn:ietf:bcp:47`, no concept list, filter, nested ValueSet or exclude); undefined for any other ValueSet.
 */
export function implicitSystemsOf(vs: Json): ImplicitSystem[] | undefined {
  const compose = vs.compose as Json | undefined;
  if (!compose || list(compose.exclude).length > 0) return undefined;
  const includes = list(compose.include);
  const systems: ImplicitSystem[] = [];
  for (const inc of includes) {
    const s = typeof inc.system === 'string' ? IMPLICIT.get(inc.system) : undefined;
    if (!s || list(inc.concept).length > 0 || list(inc.filter).length > 0 || list(inc.valueSet).length > 0)
      return undefined;
    systems.push(s);
  }
  return systems.length > 0 ? systems : undefined;
}
