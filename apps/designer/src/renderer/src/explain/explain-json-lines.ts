/**
 * The line (1-based) of each primitive of a value as `JSON.stringify(value, null, 2)` prints it, by the JSON
 * path the explain report uses (`code.coding[0].system`, `$[3].name` for a root array): the output pane shows
 * the result printed that way, so an element's line is where to highlight it.
 */
export function explainJsonLines(value: unknown): Map<string, number> {
  const out = new Map<string, number>();
  for (const [path, leaf] of explainLeaves(value)) out.set(path, leaf.line);
  return out;
}

export interface PrintedLeaf {
  readonly line: number;
  readonly value: unknown;
}

/** Each primitive's printed line and value, by JSON path. */
export function explainLeaves(value: unknown): Map<string, PrintedLeaf> {
  const lines = new Map<string, PrintedLeaf>();
  let line = 1;
  const walk = (v: unknown, path: string): void => {
    if (v === null || typeof v !== 'object') {
      lines.set(path || '$', { line, value: v });
      return;
    }
    const entries: Array<[string, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [`${path || '$'}[${i}]`, item])
      : Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [path ? `${path}.${k}` : k, (v as Record<string, unknown>)[k]]);
    if (entries.length === 0) return;
    for (const [p, item] of entries) {
      line++;
      walk(item, p);
    }
    line++; // the closing bracket
  };
  walk(value, '');
  return lines;
}
