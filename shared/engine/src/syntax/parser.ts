import type { BlockAst, ExprAst, ItemAst, Piece, RuleAst } from './ast.js';
import { matchBrackets, type BracketInfo } from './brackets.js';
import { errAt, inlineEnd, type ParserState } from './parser-state.js';
import { parseRule } from './rule-parser.js';
import { tokenize, type Token } from './tokenizer.js';

export interface Parsed {
  src: string;
  tokens: Token[];
  brackets: BracketInfo;
  root: ExprAst;
  hasFlash: boolean;
}

/** Tokenizes and parses the structure of a mapx expression (JSONata ranges + FLASH blocks). */
export function parseStructure(src: string): Parsed {
  const tokens = tokenize(src);
  const brackets = matchBrackets(tokens);
  const p: ParserState = { src, tokens, brackets, hasFlash: false };
  const root = parseExpr(p, 0, tokens.length, undefined);
  return { src, tokens, brackets, root, hasFlash: p.hasFlash };
}

/** Parses a JSONata token range, carving out FLASH blocks (which end at the enclosing closer). */
export function parseExpr(p: ParserState, from: number, to: number, outerRule: RuleAst | undefined): ExprAst {
  const pieces: Piece[] = [];
  let runStart = from;
  let i = from;
  while (i < to) {
    const t = p.tokens[i]!;
    if (t.type === 'instance' || t.type === 'instanceof') {
      const end = Math.min(p.brackets.enclosing[i]!, to);
      if (outerRule && end === to) {
        throw errAt('F1011', t);
      }
      if (i > runStart) pieces.push({ kind: 'tokens', from: runStart, to: i });
      pieces.push({ kind: 'block', block: parseBlock(p, i, end, outerRule) });
      i = end;
      runStart = end;
      continue;
    }
    i++;
  }
  if (to > runStart) pieces.push({ kind: 'tokens', from: runStart, to });
  return { from, to, pieces };
}

const IDENTIFIER = [
  /^(https?:\/\/|urn:uuid:|urn:oid:)\S+$/,
  /^[A-Za-z0-9\-.]{1,64}$/,
  /^[A-Za-z][A-Za-z0-9\-._]{0,254}$/,
];

function parseBlock(p: ParserState, k: number, end: number, outerRule: RuleAst | undefined): BlockAst {
  p.hasFlash = true;
  const toks = p.tokens;
  const first = toks[k]!;
  let instance: ExprAst | undefined;
  let kw = k;
  if (first.type === 'instance') {
    kw = k + 1;
    while (kw < end && toks[kw]!.type !== 'instanceof') {
      const t = toks[kw]!;
      if (t.nl && t.type === 'operator' && t.value === '*') break;
      kw = p.brackets.match[kw]! > kw ? p.brackets.match[kw]! + 1 : kw + 1;
    }
    const ko = toks[kw];
    if (!ko || ko.type !== 'instanceof') throw errAt('F1009', first);
    if (kw === k + 1) throw errAt('F1018', ko, { value: ko.value });
    if (!ko.nl) throw errAt('F1013', ko);
    if (ko.indent !== first.indent)
      throw errAt('F1014', ko, { token: String(first.indent), value: String(ko.indent) });
    instance = parseExpr(p, k + 1, kw, undefined);
  }
  const key = toks[kw]!;
  const ident = toks[kw + 1]!;
  if (ident.value === '') throw errAt('F1019', key, { token: 'InstanceOf:' });
  if (!IDENTIFIER.some((re) => re.test(ident.value))) {
    throw errAt('F1026', key, { token: 'InstanceOf:', value: ident.value });
  }
  const block: BlockAst = {
    from: k,
    to: end,
    instanceOf: ident.value,
    keyStart: key.start,
    keyEnd: key.end,
    line: key.line,
    indent: key.indent,
    items: [],
    ...(instance ? { instance } : {}),
  };
  parseItems(p, block, kw + 2, end, outerRule);
  return block;
}

function parseItems(
  p: ParserState,
  block: BlockAst,
  from: number,
  end: number,
  outerRule: RuleAst | undefined,
): void {
  const toks = p.tokens;
  let i = from;
  const stack: RuleAst[] = [];
  let prevIndent = -1;
  let prevWasRule = false;
  let base = block.indent;
  if (outerRule && i < end) {
    base = toks[i]!.indent;
    if (base <= outerRule.indent)
      throw errAt('F1016', toks[i], { token: String(outerRule.indent + 2), value: String(base) });
    block.indent = base;
  }
  while (i < end) {
    const t = toks[i]!;
    if (t.type === 'instance' && i === from) throw errAt('F1010', t);
    if (!t.nl) throw errAt(t.type === 'operator' && t.value === ';' ? 'F1103' : 'F1011', t);
    const ind = t.indent;
    if (ind < base) throw errAt('F1016', t, { token: String(base), value: String(ind) });
    if ((ind - base) % 2 !== 0) throw errAt('F1021', t, { value: String(ind) });
    const maxAllowed = prevIndent < 0 ? base : prevWasRule ? prevIndent + 2 : prevIndent;
    if (ind > maxAllowed) throw errAt('F1017', t, { token: String(maxAllowed), value: String(ind) });
    while (stack.length && stack[stack.length - 1]!.indent >= ind) stack.pop();
    const parent = stack[stack.length - 1];
    const sink: ItemAst[] = parent ? parent.children : block.items;
    const { item, next } = parseItem(p, i, end);
    sink.push(item);
    prevIndent = ind;
    prevWasRule = item.kind === 'rule';
    if (item.kind === 'rule') stack.push(item);
    i = next;
  }
}

function parseItem(p: ParserState, i: number, end: number): { item: ItemAst; next: number } {
  const t = p.tokens[i]!;
  if (t.type === 'operator' && t.value === '*') return parseRule(p, i, end, parseExpr);
  if (t.type === 'variable') {
    const op = p.tokens[i + 1];
    if (op && op.type === 'operator' && op.value === ':=') {
      const stop = inlineEnd(p, i + 2, end);
      if (stop.valueEnd === i + 2) throw errAt('S0218', op);
      const expr = parseExpr(p, i, stop.valueEnd, undefined);
      return { item: { kind: 'var', indent: t.indent, start: t.start, line: t.line, expr }, next: stop.next };
    }
    if (op && op.type === 'operator' && op.value === '=') throw errAt('F1025', op);
  }
  throw errAt('F1011', t);
}
