import { createError } from '../errors/mapx-error.js';
import type { Token } from './tokenizer.js';

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSE: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

export interface BracketInfo {
  /** For an opener/closer: the index of its partner; otherwise -1. */
  match: Int32Array;
  /** Index of the closer of the innermost bracket pair around each token (tokens.length at top level). */
  enclosing: Int32Array;
}

/** Pairs brackets; an unmatched closer is F1100 (§2.3). Unclosed openers are left to JSONata (S0203). */
export function matchBrackets(tokens: Token[]): BracketInfo {
  const n = tokens.length;
  const match = new Int32Array(n).fill(-1);
  const enclosing = new Int32Array(n).fill(n);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'operator') continue;
    if (OPEN[t.value]) stack.push(i);
    else if (CLOSE[t.value]) {
      const o = stack.pop();
      if (o === undefined || tokens[o]!.value !== CLOSE[t.value]) {
        throw createError('F1100', {
          token: t.value,
          matchingOpening: CLOSE[t.value],
          position: t.end,
          start: t.start,
          line: t.line,
        });
      }
      match[o] = i;
      match[i] = o;
    }
  }
  // enclosing closers: a second pass with a stack of open indices
  const open: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type === 'operator' && CLOSE[t.value]) open.pop();
    const top = open[open.length - 1];
    enclosing[i] = top === undefined ? n : match[top]! >= 0 ? match[top]! : n;
    if (t.type === 'operator' && OPEN[t.value]) open.push(i);
  }
  return { match, enclosing };
}

/** Whether one of `ops` occurs in tokens [from, to) outside any bracket pair opened inside the range. */
export function hasTopLevel(
  p: { tokens: Token[]; brackets: BracketInfo },
  from: number,
  to: number,
  ops: readonly string[],
): boolean {
  for (let k = from; k < to; k++) {
    const t = p.tokens[k]!;
    if (t.type === 'operator' && ops.includes(t.value)) return true;
    const m = p.brackets.match[k]!;
    if (m > k) k = m;
  }
  return false;
}
