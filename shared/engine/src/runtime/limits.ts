import { createError } from '../errors/mapx-error.js';

/** The bounds every input-controlled size, depth and duration meets (docs/security.md). */
export interface Limits {
  timeoutMs: number;
  maxDepth: number;
  /** Characters of expression text, checked before parsing. */
  maxExpressionLength: number;
  /** Bracket nesting of expression text, checked before parsing. */
  maxExpressionDepth: number;
  /** Characters of a string that a function or `&` builds. */
  maxStringLength: number;
  /** Nesting of the input value (objects and arrays). */
  maxInputDepth: number;
  /**
   * Items of a sequence or array the evaluation builds (path results, `[…]`, `$append`, ranges): JSONata's own
   * `sequence` bound (D2015), far below the ~134 million elements at which V8 gives up on an array.
   */
  maxSequenceLength: number;
}

export const DEFAULT_LIMITS: Limits = {
  timeoutMs: 5_000,
  maxDepth: 1_000,
  maxExpressionLength: 1_000_000,
  maxExpressionDepth: 256,
  maxStringLength: 10_000_000,
  maxInputDepth: 512,
  maxSequenceLength: 10_000_000,
};

export function resolveLimits(given: Partial<Limits> | undefined): Limits {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const v = given?.[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = v;
  }
  return out;
}

/** Deepest bracket nesting of expression text, ignoring brackets inside string literals and comments; stops
 * counting past `limit` (the answer is then `limit + 1`). */
export function bracketDepth(source: string, limit: number): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
    } else if (c === 34 || c === 39 || c === 96) {
      i = skipQuoted(source, i, c);
    } else if (c === 47 && source.charCodeAt(i + 1) === 42) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 1;
    }
  }
  return max;
}

function skipQuoted(source: string, start: number, quote: number): number {
  for (let i = start + 1; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i;
  }
  return source.length;
}

/** Refuses expression text over the size or nesting limits, before any parser (which recurses) sees it. */
export function checkExpressionText(source: string, limits: Limits): void {
  if (source.length > limits.maxExpressionLength) {
    throw createError('L1002', { length: source.length, limit: limits.maxExpressionLength, position: 0 });
  }
  if (bracketDepth(source, limits.maxExpressionDepth) > limits.maxExpressionDepth) {
    throw createError('L1005', { limit: limits.maxExpressionDepth, position: 0 });
  }
}

/** Throws L1003 when a string of `length` characters would exceed the limit. */
export function checkStringLength(length: number, token: string, limit: number): void {
  if (length > limit) throw createError('L1003', { token, length, limit });
}

/**
 * True when a value nests objects/arrays deeper than `limit`. Iterative (a recursive walk is what a deep
 * input would overflow); stops at the first branch past the limit.
 */
export function exceedsDepth(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    // every input passes here: own keys walked in place rather than copied out with Object.values
    if (Array.isArray(node)) {
      for (const child of node) push(stack, depths, child, depth + 1);
    } else {
      const record = node as Record<string, unknown>;
      for (const key in record) if (Object.hasOwn(record, key)) push(stack, depths, record[key], depth + 1);
    }
  }
  return false;
}

function push(stack: unknown[], depths: number[], child: unknown, depth: number): void {
  if (typeof child === 'object' && child !== null) {
    stack.push(child);
    depths.push(depth);
  }
}

/** The input-depth refusal as a coded error. */
export function inputTooDeep(limit: number): ReturnType<typeof createError> {
  return createError('L1004', { limit });
}
