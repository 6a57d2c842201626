import { setOwn } from '@mapx/plugin-api';

/** Key path of each column: dotted header names nest (`b.c` → `{b:{c}}`); blank names become `field<N>`. */
export function buildColumnPaths(header: readonly string[]): string[][] {
  return header.map((name, i) => {
    if (name === '') return [`field${i + 1}`];
    const parts = name.split('.');
    return parts.includes('') ? [name] : parts;
  });
}

/**
 * Turns records into row objects: cells beyond the header become `field<N>` (1-based column number), rows
 * shorter than the header omit the missing keys, a repeated header name keeps the last cell.
 */
export function buildRows(
  records: readonly string[][],
  paths: readonly string[][],
): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const record of records) {
    if (record.length === 1 && record[0] === '') continue;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < record.length; i++) setPath(row, paths[i] ?? [`field${i + 1}`], record[i]!);
    rows.push(row);
  }
  return rows;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    // own properties only: a `__proto__` column must never lead into Object.prototype
    let next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next !== 'object' || next === null) {
      next = {};
      setOwn(node, key, next);
    }
    node = next as Record<string, unknown>;
  }
  setOwn(node, path[path.length - 1]!, value);
}
