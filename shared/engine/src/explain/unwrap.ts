import type { ReadTracker } from './read-tracker.js';
import { ownCopy, setOwn } from './own-copy.js';

/**
 * The result with every input proxy replaced by the input value behind it (a rule may copy input objects into
 * the result). Objects holding a proxy are copied, the others kept as they are (autovalues are frozen).
 */
export function unwrapDeep(value: unknown, reads: ReadTracker, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (reads.isProxy(value)) return reads.unwrap(value);
  if (depth > 1000) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const u = unwrapDeep(value[i], reads, depth + 1);
      if (u !== value[i]) (out ??= [...(value as unknown[])])[i] = u;
    }
    return out ?? value;
  }
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(obj)) {
    const u = unwrapDeep(obj[k], reads, depth + 1);
    if (u !== obj[k]) {
      out ??= ownCopy(obj);
      setOwn(out, k, u);
    }
  }
  return out ?? value;
}
