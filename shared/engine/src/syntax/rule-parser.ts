import type { ExprAst, ItemAst, PathSegment, RuleAst } from './ast.js';
import { errAt, inlineEnd, type ParserState } from './parser-state.js';
import { hasTopLevel } from './brackets.js';
import { isOp } from './tokenizer.js';

const SLICE = /^[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*$/;
const URL_SLICE = /^(https?:\/\/|urn:)\S+$/;

/**
 * The expression parser (`parseExpr` of parser.ts), passed in rather than imported: a rule's context and value
 * are expressions that may hold blocks of rules, and the expression parser imports this file, never the reverse.
 */
export type ParseExpr = (p: ParserState, from: number, to: number, outerRule: RuleAst | undefined) => ExprAst;

/** Parses one `* [(context).]path [= value] [;]` rule line (§3.2). Children are attached by the caller. */
export function parseRule(
  p: ParserState,
  i: number,
  end: number,
  parseExpr: ParseExpr,
): { item: ItemAst; next: number } {
  const toks = p.tokens;
  const star = toks[i]!;
  const sameLine = (j: number): boolean => j < end && !toks[j]!.nl;
  let j = i + 1;
  if (!sameLine(j)) throw errAt('F1024', star);
  if (isOp(toks[j], '*')) throw errAt('F1022', toks[j]);
  const rule: RuleAst = {
    kind: 'rule',
    indent: star.indent,
    start: star.start,
    line: star.line,
    path: [],
    pathStart: toks[j]!.start,
    pathEnd: toks[j]!.end,
    children: [],
  };
  if (isOp(toks[j], '(')) {
    const close = p.brackets.match[j]!;
    rule.context = parseExpr(p, j + 1, close, undefined);
    rule.contextIsTuple = hasTopLevel(p, j + 1, close, ['@', '#']);
    rule.contextBinds =
      !rule.contextIsTuple && hasTopLevel(p, j + 1, close, [':=']) && !hasTopLevel(p, j + 1, close, [';']);
    j = close + 1;
    if (!isOp(toks[j], '.') || !sameLine(j)) throw errAt('F1030', toks[j]);
    j++;
    if (isOp(toks[j], '(')) throw errAt('F1029', toks[j]);
  }
  j = parsePath(p, rule, j, end);
  const t = toks[j];
  // `* a.b` then `.c` on the next line: the path was broken across lines, not an unknown item.
  if (j < end && t?.nl && isOp(t, '.')) throw errAt('F1028', t);
  if (sameLine(j) && isOp(t, '=')) {
    const stop = inlineEnd(p, j + 1, end);
    if (stop.valueEnd === j + 1) throw errAt('F1012', t);
    rule.value = parseExpr(p, j + 1, stop.valueEnd, rule);
    return { item: rule, next: stop.next };
  }
  if (sameLine(j) && isOp(t, ':=')) throw errAt('F1020', t);
  if (sameLine(j) && isOp(t, ';')) {
    if (sameLine(j + 1)) throw errAt('F1103', t);
    return { item: rule, next: j + 1 };
  }
  if (sameLine(j)) throw errAt('F1030', t);
  return { item: rule, next: j };
}

function parsePath(p: ParserState, rule: RuleAst, from: number, end: number): number {
  const toks = p.tokens;
  let j = from;
  for (;;) {
    const t = toks[j];
    if (!t || j >= end || (t.nl && j > from)) throw errAt(j > from ? 'F1028' : 'F1024', t);
    if (t.type !== 'name') throw errAt('F1029', t);
    const seg: PathSegment = { name: t.value, slices: [], start: t.start, end: t.end };
    j++;
    while (j < end && !toks[j]!.nl && isOp(toks[j], '[')) {
      const close = p.brackets.match[j]!;
      const raw = p.src.slice(toks[j]!.end, toks[close]!.start).trim();
      if (raw.includes('.') && !URL_SLICE.test(raw)) throw errAt('F1030', toks[j + 1], { token: raw });
      if (!SLICE.test(raw) && !URL_SLICE.test(raw))
        throw errAt('F1027', toks[j + 1] ?? toks[j], { token: raw });
      seg.slices.push(raw);
      seg.end = toks[close]!.end;
      j = close + 1;
    }
    rule.path.push(seg);
    rule.pathEnd = seg.end;
    if (j < end && !toks[j]!.nl && isOp(toks[j], '.')) {
      j++;
      if (j >= end || toks[j]!.nl) throw errAt('F1028', toks[j - 1]);
      continue;
    }
    return j;
  }
}
