import { createError, type MapxError } from '../errors/mapx-error.js';
import type { BracketInfo } from './brackets.js';
import { isOp, type Token } from './tokenizer.js';

/** What the expression parser and the rule parser share while one source is parsed. */
export interface ParserState {
  src: string;
  tokens: Token[];
  brackets: BracketInfo;
  hasFlash: boolean;
}

export function errAt(code: string, t: Token | undefined, fields: Record<string, unknown> = {}): MapxError {
  return createError(code, {
    token: t ? tokenText(t) : '(end)',
    ...fields,
    ...(t ? { position: t.end, start: t.start, line: t.line } : {}),
  });
}

export function tokenText(t: Token): string {
  if (t.type === 'string') return t.value;
  if (t.type === 'variable') return '$' + t.value;
  return t.value;
}

/**
 * Where an inline value (or variable assignment) ends: before a line starting with `*`, `$` or a FLASH
 * keyword at bracket depth 0, at a `;` (which must end its line, F1103), or at the block end.
 */
export function inlineEnd(p: ParserState, from: number, end: number): { valueEnd: number; next: number } {
  const toks = p.tokens;
  let i = from;
  while (i < end) {
    const t = toks[i]!;
    const startsItem =
      t.type === 'variable' || t.type === 'instance' || t.type === 'instanceof' || isOp(t, '*');
    if (t.nl && startsItem) return { valueEnd: i, next: i };
    if (t.type === 'operator' && t.value === ';') {
      const nx = toks[i + 1];
      if (nx && i + 1 < end && !nx.nl) throw errAt('F1103', t);
      return { valueEnd: i, next: i + 1 };
    }
    const m = p.brackets.match[i]!;
    i = m > i ? m + 1 : i + 1;
  }
  return { valueEnd: end, next: end };
}
