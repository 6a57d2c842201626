/**
 * True when the JSON text of `value` has more than `limit` characters, found without building it: a walk that
 * counts a lower bound of the text (escapes and number digits beyond one are not counted) and stops as soon as it
 * passes the limit. A value that shares one sub-value many times is small in memory but its text repeats the
 * sub-value each time; the walk counts every repetition, so such a value is refused before the text is built.
 */
export function jsonLongerThan(value: unknown, limit: number): boolean {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number') total += 1;
    else if (typeof v === 'boolean') total += 4;
    else if (v === null) total += 4;
    else if (Array.isArray(v)) {
      total += 1 + Math.max(1, v.length);
      for (let i = 0; i < v.length && total <= limit; i++) stack.push(v[i]);
    } else if (typeof v === 'object') {
      total += 2;
      for (const key in v) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        total += key.length + 3;
        stack.push((v as Record<string, unknown>)[key]);
        if (total > limit) break;
      }
    }
    if (total > limit) return true;
  }
  return false;
}
