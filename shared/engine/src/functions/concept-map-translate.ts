import type { CodeInput, Concept, TranslateResult } from '@mapx/fhir';

interface CmTarget {
  code?: string;
  display?: string;
  equivalence?: string;
  relationship?: string;
}
interface CmElement {
  code?: string;
  target?: CmTarget[];
}
interface CmGroup {
  source?: string;
  target?: string;
  targetVersion?: string;
  element?: CmElement[];
}

/** R4 equivalences (and their R5 relationship names) whose targets count as translations (§6.4). */
const USABLE = new Set(['equivalent', 'equal', 'wider', 'subsumes', 'source-is-narrower-than-target']);

/**
 * Translates with one ConceptMap resource (used for ConceptMaps fetched from a FHIR server; package
 * ConceptMaps go through the terminology runtime, which applies the same rules): groups are flattened,
 * and a code-only lookup that matches in several source systems is `duplicate-code`.
 */
export function translateWithConceptMap(
  conceptMap: Record<string, unknown>,
  input: CodeInput,
): TranslateResult {
  const code = typeof input === 'string' ? input : input.code;
  const system = typeof input === 'string' ? undefined : input.system;
  const groups = (Array.isArray(conceptMap['group']) ? conceptMap['group'] : []) as CmGroup[];
  const matched = groups.filter(
    (g) => (system === undefined || g.source === system) && g.element?.some((e) => e.code === code),
  );
  if (matched.length === 0) return { status: 'unmapped' };
  if (system === undefined && new Set(matched.map((g) => g.source)).size > 1) {
    return { status: 'unmapped', reason: 'duplicate-code' };
  }
  const targets: Concept[] = [];
  for (const group of matched) {
    for (const element of group.element ?? []) {
      if (element.code !== code) continue;
      for (const t of element.target ?? []) {
        const rel = t.equivalence ?? t.relationship;
        if (t.code === undefined || (rel !== undefined && !USABLE.has(rel))) continue;
        targets.push({
          system: group.target ?? '',
          code: t.code,
          ...(t.display !== undefined ? { display: t.display } : {}),
          ...(group.targetVersion !== undefined ? { version: group.targetVersion } : {}),
        });
      }
    }
  }
  return targets.length ? { status: 'mapped', targets } : { status: 'unmapped' };
}
