/** Names longer than this are not compared (the cost is length², and such names are no typos of each other). */
const MAX_LENGTH = 64;

/**
 * Levenshtein distance of two short names, or `bound + 1` as soon as it is certainly above `bound` (so a
 * hostile long name costs O(MAX_LENGTH²) at most). Case differences count as half an edit.
 */
export function editDistance(a: string, b: string, bound: number): number {
  if (a.length > MAX_LENGTH || b.length > MAX_LENGTH || Math.abs(a.length - b.length) > bound)
    return bound + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const sub = x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 0.5 : 1;
      const d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + sub);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > bound) return bound + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest candidate (1 edit for names up to 3 characters, 2 up to 5, else 3), ties to the first. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const bound = name.length <= 3 ? 1 : name.length <= 5 ? 2 : 3;
  let best: string | undefined;
  let bestD = bound + 1;
  for (const c of candidates) {
    if (c === name) continue;
    const d = editDistance(name, c, bound);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
