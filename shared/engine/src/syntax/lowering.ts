import { createError } from '../errors/mapx-error.js';
import type { ExprAst } from './ast.js';
import { hasTopLevel } from './brackets.js';
import { Emitter } from './emitter.js';
import { lowerBlock, type FlashCtx, type FlashResolver } from './flash-lowering.js';
import type { Parsed } from './parser.js';
import { checkSyntax } from './syntax-checks.js';

export type { FlashResolver } from './flash-lowering.js';

export interface Lowered {
  text: string;
  emitter: Emitter;
}

/** Lowers a parsed mapx expression to plain JSONata text with native FLASH calls (see docs/engine.md). */
export function lower(parsed: Parsed, resolver: FlashResolver, explain = false): Lowered {
  const em = new Emitter();
  const ctx: Ctx = {
    parsed,
    resolver,
    em,
    explain,
    lambdaWrap: findLambdaBodies(parsed),
    expr: (c, e) => lowerExpr(c as Ctx, e),
  };
  const wrapRoot = parsed.root.pieces.some(
    (piece) => piece.kind === 'tokens' && hasTopLevel(parsed, piece.from, piece.to, [';']),
  );
  if (wrapRoot) em.synth('(', 0);
  lowerExpr(ctx, parsed.root);
  if (wrapRoot) em.synth(')', parsed.src.length);
  return { text: em.text(), emitter: em };
}

interface Ctx extends FlashCtx {
  lambdaWrap: { open: Set<number>; close: Set<number> };
}

function lowerExpr(c: Ctx, expr: ExprAst): void {
  checkSyntax(c.parsed, expr);
  for (const piece of expr.pieces) {
    if (piece.kind === 'block') lowerBlock(c, piece.block);
    else copyTokens(c, piece.from, piece.to);
  }
}

/** Copies tokens verbatim; the gaps between them (whitespace, comments) become spaces of equal length. */
function copyTokens(c: Ctx, from: number, to: number): void {
  const { tokens, src } = c.parsed;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    const prevEnd = i > from ? tokens[i - 1]!.end : t.start;
    if (t.start > prevEnd) c.em.copy(src.slice(prevEnd, t.start).replace(/\S/g, ' '), prevEnd);
    if (t.type === 'url') {
      throw createError('S0206', { token: t.value, position: t.end, start: t.start, line: t.line });
    }
    if (c.lambdaWrap.close.has(i)) c.em.synth(')', t.start);
    c.em.copy(src.slice(t.start, t.end), t.start);
    if (c.lambdaWrap.open.has(i)) c.em.synth('(', t.end);
  }
}

/** Lambda bodies holding a top-level `;` get an implicit block: `{ a; b }` → `{( a; b )}` (§2.3). */
function findLambdaBodies(parsed: Parsed): { open: Set<number>; close: Set<number> } {
  const { tokens, brackets } = parsed;
  const open = new Set<number>();
  const close = new Set<number>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'name' || (t.value !== 'function' && t.value !== 'λ')) continue;
    const paren = tokens[i + 1]!;
    if (paren.type !== 'operator' || paren.value !== '(') continue;
    let j = brackets.match[i + 1]! + 1;
    if (tokens[j]?.type === 'operator' && tokens[j]!.value === '<') {
      let depth = 0;
      for (; j < tokens.length; j++) {
        const v = tokens[j]!.value;
        if (v === '<') depth++;
        else if (v === '>' && --depth === 0) break;
      }
      j++;
    }
    const brace = tokens[j];
    if (!brace || brace.type !== 'operator' || brace.value !== '{') continue;
    const end = brackets.match[j]!;
    if (hasTopLevel(parsed, j + 1, end, [';'])) {
      open.add(j);
      close.add(end);
    }
  }
  return { open, close };
}
