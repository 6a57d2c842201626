/**
 * Largest `costBound` × input size of a short run: a few milliseconds of evaluation steps at worst. A short run
 * may be evaluated on the receiving thread (inline-evaluation.ts), and runs without per-node scheduling checks.
 */
export const SHORT_RUN_BUDGET = 4096;

/** Characters counted as one node of the input: string work is far cheaper per character than per node. */
const CHARS_PER_NODE = 16;

/**
 * Whether `input` has at most `limit` nodes (values, with their keys and string characters counted in units of
 * CHARS_PER_NODE); stops as soon as the count passes the limit, so a large input costs no more than a small one.
 * The depth is already bounded by the caller (MAPX_MAX_INPUT_DEPTH).
 */
export function inputSizeWithin(input: unknown, limit: number): boolean {
  let size = 0;
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    size++;
    if (typeof value === 'string') size += Math.floor(value.length / CHARS_PER_NODE);
    else if (Array.isArray(value)) {
      if (size + pending.length + value.length > limit) return false;
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      if (size + pending.length + keys.length > limit) return false;
      for (const key of keys) {
        size += Math.floor(key.length / CHARS_PER_NODE);
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
    if (size > limit) return false;
  }
  return true;
}
