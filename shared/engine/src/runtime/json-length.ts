import { isFunctionValue } from './function-value.js';

/**
 * What a walk of `value` finds about its JSON text without building it: `long` when the text has more than `limit`
 * characters; else `plain` when JSON.stringify alone writes what JSONata's `$string` writes (every number an integer
 * of at most 15 digits, which JSONata's 15-digit precision leaves as it is, and no function, lambda or `toJSON`),
 * `other` when it does not. The length is a lower bound of the text (escapes and number digits beyond one are not
 * counted) and the walk stops as soon as it passes the limit. A value that shares one sub-value many times is small
 * in memory but its text repeats the sub-value each time; the walk counts every repetition, so such a value is
 * refused before the text is built.
 */
export function jsonTextShape(value: unknown, limit: number): 'long' | 'plain' | 'other' {
  let total = 0;
  let plain = true;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number') {
      total += 1;
      if (plain && !(Number.isInteger(v) && Math.abs(v) < 1e15)) plain = false;
    } else if (typeof v === 'boolean') total += 4;
    else if (v === null) total += 4;
    else if (Array.isArray(v)) {
      total += 1 + Math.max(1, v.length);
      for (let i = 0; i < v.length && total <= limit; i++) stack.push(v[i]);
    } else if (isFunctionValue(v)) {
      // functions and lambdas serialise as "" (their closures are not part of the text)
      total += 2;
      plain = false;
    } else if (typeof v === 'object') {
      total += 2;
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') plain = false;
      for (const key in v) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        total += key.length + 3;
        stack.push((v as Record<string, unknown>)[key]);
        if (total > limit) break;
      }
    }
    if (total > limit) return 'long';
  }
  return plain ? 'plain' : 'other';
}

/** True when the JSON text of `value` has more than `limit` characters (`jsonTextShape`). */
export function jsonLongerThan(value: unknown, limit: number): boolean {
  return jsonTextShape(value, limit) === 'long';
}
