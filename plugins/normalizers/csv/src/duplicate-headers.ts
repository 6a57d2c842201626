import type { NormalizeWarning } from '@mapx/plugin-api';

/** A header named twice: each row keeps only the last cell of that name, so the earlier ones are lost. */
export function duplicateHeaders(header: readonly string[]): NormalizeWarning[] {
  const firstColumn = new Map<string, number>();
  const warnings: NormalizeWarning[] = [];
  header.forEach((name, i) => {
    if (name === '') return;
    const first = firstColumn.get(name);
    if (first === undefined) firstColumn.set(name, i + 1);
    else
      warnings.push({
        code: 'CSV_DUPLICATE_HEADER',
        message: `The header "${name}" appears in columns ${first} and ${i + 1}; each row keeps only the last cell`,
        line: 1,
        value: name,
      });
  });
  return warnings;
}
