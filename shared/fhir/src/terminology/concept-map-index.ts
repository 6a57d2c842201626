import type { CodeInput, Concept, TranslateResult } from './terminology-types.js';

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** R4 `equivalence` values (and R5 `relationship` values) that count as a usable translation. */
const USABLE = new Set(['equivalent', 'equal', 'wider', 'subsumes', 'source-is-narrower-than-target']);

interface Mapping {
  readonly sourceSystem: string;
  readonly targets: readonly Concept[];
}

/** A ConceptMap compiled for lookups: every group flattened into code → mappings. */
export class ConceptMapIndex {
  private readonly byCode = new Map<string, Mapping[]>();

  constructor(cm: Json) {
    for (const group of list(cm.group)) {
      const sourceSystem = str(group.source) ?? '';
      for (const element of list(group.element)) {
        const code = str(element.code);
        if (code === undefined) continue;
        const targets = list(element.target).flatMap((t) => toConcept(t, group));
        const mappings = this.byCode.get(code) ?? [];
        mappings.push({ sourceSystem, targets });
        this.byCode.set(code, mappings);
      }
    }
  }

  /** Code only: a code found under several source systems is ambiguous (duplicate-code). */
  translate(input: CodeInput): TranslateResult {
    const code = typeof input === 'string' ? input : input.code;
    const system = typeof input === 'string' ? undefined : input.system;
    let mappings = this.byCode.get(code) ?? [];
    if (system !== undefined)
      mappings = mappings.filter((m) => m.sourceSystem === system || m.sourceSystem === '');
    else if (new Set(mappings.map((m) => m.sourceSystem)).size > 1)
      return { status: 'unmapped', reason: 'duplicate-code' };
    const seen = new Set<string>();
    const targets = mappings
      .flatMap((m) => m.targets)
      .filter((t) => (seen.has(`${t.system}|${t.code}`) ? false : (seen.add(`${t.system}|${t.code}`), true)));
    return targets.length > 0 ? { status: 'mapped', targets } : { status: 'unmapped' };
  }
}

function toConcept(t: Json, group: Json): Concept[] {
  const code = str(t.code);
  const equivalence = str(t.equivalence) ?? str(t.relationship);
  if (code === undefined || (equivalence !== undefined && !USABLE.has(equivalence))) return [];
  const display = str(t.display);
  const version = str(group.targetVersion);
  return [
    {
      system: str(group.target) ?? '',
      code,
      ...(display ? { display } : {}),
      ...(version ? { version } : {}),
    },
  ];
}
