import type { DefinitionSummary, TemplateKind } from './template-types.js';

/**
 * Which `$list` category a definition belongs to. Logical models get none: they cannot be instantiated with
 * FLASH. Data-type profiles (e.g. SimpleQuantity) count as `datatype` so that they stay reachable.
 */
export function classifyDefinition(summary: DefinitionSummary): TemplateKind | undefined {
  const constraint = summary.derivation === 'constraint';
  if (summary.kind === 'resource') return constraint ? 'profile' : 'resource';
  if (summary.kind !== 'complex-type' && summary.kind !== 'primitive-type') return undefined;
  if (summary.type === 'Extension' && constraint) return 'extension';
  return 'datatype';
}

/** Sorted, de-duplicated ids of one category. */
export function listTemplateIds(definitions: readonly DefinitionSummary[], kind: TemplateKind): string[] {
  const ids = new Set<string>();
  for (const summary of definitions) {
    if (summary.id && classifyDefinition(summary) === kind) ids.add(summary.id);
  }
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
