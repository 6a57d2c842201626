import type { MapxFunction } from '../functions/index.js';
import { checkStringLength, type Limits } from '../runtime/limits.js';
import { jsonLongerThan, jsonTextShape } from '../runtime/json-length.js';
import { createError } from '../errors/mapx-error.js';
import { canonicalKey } from '../functions/canonical-key.js';
import type { JsonataFunction } from './jsonata-natives.js';

type Originals = Record<string, JsonataFunction>;
type Impl = (this: unknown, ...args: unknown[]) => unknown;

/** JSONata's own string builders, captured by `jsonataOriginals` and re-bound under the same name and signature. */
export const GUARDED_NATIVES = ['pad', 'join', 'string', 'replace'] as const;

const SIGNATURES: Record<(typeof GUARDED_NATIVES)[number], string> = {
  pad: '<s-ns?:s>',
  join: '<a<s>s?:s>',
  string: '<x-b?:s>',
  replace: '<s-(sf)(sf)n?:s>',
};

function checked(result: unknown, token: string, limit: number): unknown {
  if (typeof result === 'string') checkStringLength(result.length, token, limit);
  return result;
}

/**
 * Pre-checks that refuse before the original allocates: `$pad` joins its padding character width times before it
 * cuts the result to width (a long padding "character" multiplies the size), `$string` of a value that repeats one
 * sub-value many times would build text far larger than the value. True when the walk of `$string`'s value found
 * it plain (`jsonTextShape`): its compact text is then JSON.stringify's, without JSONata's replacer called on
 * every key.
 */
function precheck(name: string, args: unknown[], limit: number): boolean {
  if (name === 'pad' && typeof args[1] === 'number') {
    const fill = typeof args[2] === 'string' && args[2].length > 0 ? args[2].length : 1;
    checkStringLength(Math.abs(Math.trunc(args[1])) * fill, '$pad', limit);
  } else if (name === 'string' && typeof args[0] === 'object' && args[0] !== null) {
    const shape = jsonTextShape(args[0], limit);
    if (shape === 'long')
      throw createError('L1003', { token: '$string', length: `more than ${limit}`, limit });
    // JSONata unwraps an array it wrapped as one value, and indents when asked to
    return shape === 'plain' && !args[1] && !(args[0] as { outerWrapper?: unknown }).outerWrapper;
  } else if (name === 'join' && Array.isArray(args[0])) {
    const sep = typeof args[1] === 'string' ? args[1].length : 0;
    let total = 0;
    for (const s of args[0]) total += (typeof s === 'string' ? s.length : 0) + sep;
    checkStringLength(total - sep, '$join', limit);
  }
  return false;
}

function guard(name: (typeof GUARDED_NATIVES)[number], original: Impl, limit: number): MapxFunction {
  const token = '$' + name;
  return {
    name,
    signature: SIGNATURES[name],
    impl(this: unknown, ...args: unknown[]) {
      const plain = precheck(name, args, limit);
      let result: unknown;
      try {
        result = plain ? JSON.stringify(args[0]) : original.apply(this, args);
      } catch (e) {
        // V8 refuses a string past its own maximum with a RangeError, before allocating it
        if (e instanceof RangeError && /string length/i.test(e.message))
          throw createError('L1003', { token, length: `more than ${limit}`, limit });
        throw e;
      }
      if (result instanceof Promise) return result.then((r) => checked(r, token, limit));
      return checked(result, token, limit);
    },
  };
}

/**
 * `&` as a function (the lowering rewrites every `&` node to a call of it): JSONata's own concatenation, `$string`
 * of each defined side, with the length refused before the two are joined.
 */
export function concatFunction(originals: Originals, limit: number): MapxFunction {
  const string = originals['string']!.implementation as Impl;
  return {
    name: '__concat',
    impl(this: unknown, lhs?: unknown, rhs?: unknown) {
      // the common case, two strings: $string of a string is itself
      if (typeof lhs === 'string' && typeof rhs === 'string' && lhs.length + rhs.length <= limit)
        return lhs + rhs;
      try {
        if (tooLongAsJson(lhs, limit) || tooLongAsJson(rhs, limit))
          throw createError('L1003', { token: 'The & operator', length: `more than ${limit}`, limit });
        const l = lhs === undefined ? '' : (string.call(this, lhs) as string);
        const r = rhs === undefined ? '' : (string.call(this, rhs) as string);
        checkStringLength(l.length + r.length, 'The & operator', limit);
        return l + r;
      } catch (e) {
        // errors name the operator, as JSONata's own `&` does
        if (typeof e === 'object' && e !== null && !('token' in e)) Object.assign(e, { token: '&' });
        throw e;
      }
    },
  };
}

function tooLongAsJson(side: unknown, limit: number): boolean {
  return typeof side === 'object' && side !== null && jsonLongerThan(side, limit);
}

/** `$distinct` in linear time: equal values (JSONata's deep equality) share one canonical key. */
const distinctFunction: MapxFunction = {
  name: 'distinct',
  signature: '<x:x>',
  impl(arr?: unknown) {
    if (arr === undefined) return undefined;
    if (!Array.isArray(arr) || arr.length <= 1) return arr;
    const out: unknown[] = [];
    if ((arr as { sequence?: boolean }).sequence) (out as { sequence?: boolean }).sequence = true;
    const seen = new Set<unknown>();
    for (const value of arr) {
      const key = canonicalKey(value);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(value);
    }
    return out;
  },
};

/** The built-ins that input could drive into unbounded memory or quadratic time, with their bounds. */
export function guardedFunctions(originals: Originals, limits: Limits): MapxFunction[] {
  const limit = limits.maxStringLength;
  return [
    ...GUARDED_NATIVES.map((name) => guard(name, originals[name]!.implementation as Impl, limit)),
    concatFunction(originals, limit),
    distinctFunction,
  ];
}
