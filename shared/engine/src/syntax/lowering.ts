import { createError } from '../errors/mapx-error.js';
import type { BlockAst, ExprAst, ItemAst, PathSegment, RuleAst } from './ast.js';
import { hasTopLevel } from './brackets.js';
import { Emitter } from './emitter.js';
import type { Parsed } from './parser.js';
import { checkSyntax } from './syntax-checks.js';

/** Compile-time FLASH resolution, called while lowering (all definitions are resolved here, §4.1). */
export interface FlashResolver {
  openBlock(block: BlockAst): number;
  /** Resolves one path segment under `parentRule` (or the block root); returns the rule id and its flags. */
  rule(
    blockId: number,
    parentRule: number | undefined,
    seg: PathSegment,
    rule: RuleAst,
  ): { id: number; fixed: boolean; forbidden: boolean };
  /** The synthetic `* id = …` rule of an `Instance:` header. */
  instanceRule(blockId: number, block: BlockAst): number;
}

export interface Lowered {
  text: string;
  emitter: Emitter;
}

/** Lowers a parsed mapx expression to plain JSONata text with native FLASH calls (see docs/engine.md). */
export function lower(parsed: Parsed, resolver: FlashResolver): Lowered {
  const em = new Emitter();
  const ctx = { parsed, resolver, em, lambdaWrap: findLambdaBodies(parsed) };
  const wrapRoot = parsed.root.pieces.some(
    (piece) => piece.kind === 'tokens' && hasTopLevel(parsed, piece.from, piece.to, [';']),
  );
  if (wrapRoot) em.synth('(', 0);
  lowerExpr(ctx, parsed.root);
  if (wrapRoot) em.synth(')', parsed.src.length);
  return { text: em.text(), emitter: em };
}

interface Ctx {
  parsed: Parsed;
  resolver: FlashResolver;
  em: Emitter;
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

function lowerBlock(c: Ctx, b: BlockAst): void {
  const id = c.resolver.openBlock(b);
  c.em.synth(`$__fb(${id}`, b.keyStart);
  let first = false;
  const sep = (): void => {
    if (!first) c.em.synth(', ', b.keyStart);
    first = false;
  };
  if (b.instance) {
    sep();
    const rid = c.resolver.instanceRule(id, b);
    c.em.synth(`$__fr(${rid}, `, b.keyStart);
    lowerExpr(c, b.instance);
    c.em.synth(')', b.keyStart);
  }
  for (const item of b.items) {
    sep();
    lowerItem(c, id, undefined, item);
  }
  c.em.synth(')', b.keyEnd);
}

function lowerItem(c: Ctx, blockId: number, parent: number | undefined, item: ItemAst): void {
  if (item.kind === 'var') {
    c.em.synth('$__fv(', item.start);
    lowerExpr(c, item.expr);
    c.em.synth(')', item.start);
    return;
  }
  const rule = item;
  if (rule.context) {
    lowerContext(c, rule, () => lowerChain(c, blockId, parent, rule, 0));
    return;
  }
  lowerChain(c, blockId, parent, rule, 0);
}

function lowerContext(c: Ctx, rule: RuleAst, body: () => void): void {
  const ctxExpr = rule.context!;
  if (rule.contextIsTuple) {
    lowerExpr(c, ctxExpr);
    c.em.synth('.(', rule.start);
  } else if (rule.contextBinds) {
    c.em.synth('($__ctx := ', rule.start);
    lowerExpr(c, ctxExpr);
    c.em.synth('; $__ctx.(', rule.start);
  } else {
    c.em.synth('(', rule.start);
    lowerExpr(c, ctxExpr);
    c.em.synth(').(', rule.start);
  }
  body();
  c.em.synth(rule.contextBinds ? '))' : ')', rule.start);
}

/** `* a.b.c = v` ≡ nested rules: the value and sub-rules attach to the last segment (§3.5). */
function lowerChain(c: Ctx, blockId: number, parent: number | undefined, rule: RuleAst, k: number): void {
  const seg = rule.path[k]!;
  const r = c.resolver.rule(blockId, parent, seg, rule);
  const last = k === rule.path.length - 1;
  if (r.forbidden) c.em.synth(`$__ff(${r.id}) ?? `, seg.start);
  if (r.fixed) {
    c.em.synth(`$__fx(${r.id})`, seg.start);
    return;
  }
  if (last && rule.value) {
    c.em.synth(`$__fr(${r.id}, `, seg.start);
    lowerExpr(c, rule.value);
  } else {
    c.em.synth(`$__fn(${r.id}`, seg.start);
  }
  if (last) {
    for (const child of rule.children) {
      c.em.synth(', ', seg.start);
      lowerItem(c, blockId, r.id, child);
    }
  } else {
    c.em.synth(', ', seg.start);
    lowerChain(c, blockId, r.id, rule, k + 1);
  }
  c.em.synth(')', seg.end);
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
