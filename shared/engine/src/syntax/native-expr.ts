import type { ExprAst } from './ast.js';
import type { NativeValue, PathStep } from './call-plan.js';
import type { Parsed } from './parser.js';

const KEYWORDS = new Set(['and', 'or', 'in', 'true', 'false', 'null', 'function', 'λ']);

type Parsed1 = { value: NativeValue; next: number } | undefined;

/**
 * An expression native code evaluates itself (see flash/native-value.ts): a literal token (JSONata's own literal
 * semantics: strings, numbers, true/false/null), `$var`, `$`, `$$`, names joined by dots after a name or
 * variable, `=`/`!=` between those, and `comparison ? operand : …` (the else part may nest).
 */
export function nativeValueOf(p: Parsed, expr: ExprAst): NativeValue | undefined {
  if (expr.pieces.length !== 1 || expr.pieces[0]!.kind !== 'tokens') return undefined;
  const r = conditional(p, expr.from, expr.to);
  return r && r.next === expr.to ? r.value : undefined;
}

const isOpAt = (p: Parsed, i: number, to: number, v: string): boolean =>
  i < to && p.tokens[i]!.type === 'operator' && p.tokens[i]!.value === v;

function conditional(p: Parsed, i: number, to: number): Parsed1 {
  const left = comparison(p, i, to);
  if (!left || !isOpAt(p, left.next, to, '?')) return left;
  if (left.value.kind !== 'eq') return undefined;
  const then = operand(p, left.next + 1, to);
  if (!then) return undefined;
  if (!isOpAt(p, then.next, to, ':')) {
    return { value: { kind: 'cond', cond: left.value, then: then.value, else: undefined }, next: then.next };
  }
  const other = conditional(p, then.next + 1, to);
  if (!other) return undefined;
  return { value: { kind: 'cond', cond: left.value, then: then.value, else: other.value }, next: other.next };
}

function comparison(p: Parsed, i: number, to: number): Parsed1 {
  const lhs = operand(p, i, to);
  if (!lhs) return undefined;
  const op = isOpAt(p, lhs.next, to, '=') ? '=' : isOpAt(p, lhs.next, to, '!=') ? '!=' : undefined;
  if (!op) return lhs;
  const rhs = operand(p, lhs.next + 1, to);
  if (!rhs) return undefined;
  return { value: { kind: 'eq', op, lhs: lhs.value, rhs: rhs.value }, next: rhs.next };
}

function operand(p: Parsed, i: number, to: number): Parsed1 {
  if (i >= to) return undefined;
  const t = p.tokens[i]!;
  if (!isOpAt(p, i + 1, to, '.')) {
    if (t.type === 'string') return { value: { kind: 'literal', value: t.value }, next: i + 1 };
    if (t.type === 'number') return { value: { kind: 'literal', value: Number(t.value) }, next: i + 1 };
    const raw = p.src.slice(t.start, t.end);
    if (raw === 'true') return { value: { kind: 'literal', value: true }, next: i + 1 };
    if (raw === 'false') return { value: { kind: 'literal', value: false }, next: i + 1 };
    if (raw === 'null') return { value: { kind: 'literal', value: null }, next: i + 1 };
    if (t.type === 'variable') return { value: { kind: 'var', name: t.value }, next: i + 1 };
  }
  const steps: PathStep[] = [];
  let j = i;
  for (;;) {
    const s = p.tokens[j]!;
    if (j === i && s.type === 'variable') steps.push({ kind: 'var', name: s.value });
    else if (isPlainName(p, s)) steps.push({ kind: 'name', name: s.value });
    else return undefined;
    if (!isOpAt(p, j + 1, to, '.')) return { value: { kind: 'path', steps }, next: j + 1 };
    j += 2;
    if (j >= to) return undefined;
  }
}

function isPlainName(p: Parsed, t: Parsed['tokens'][number]): boolean {
  if (t.type !== 'name') return false;
  return p.src[t.start] === '`' || !KEYWORDS.has(t.value);
}

const PURE_OPS = new Set(['.', '=', '!=']);
const CASTING = new Set(['and', 'or', 'function', 'λ']);

/**
 * Values whose evaluation can neither report, throw nor bind: paths, variables, literals and equality (no
 * boolean casts: JSONata's throws on an infinite number). Static rules before such a value may run after it
 * instead (inside its rule's call).
 */
export function isPure(p: Parsed, expr: ExprAst): boolean {
  if (expr.pieces.some((piece) => piece.kind !== 'tokens')) return false;
  for (let i = expr.from; i < expr.to; i++) {
    const t = p.tokens[i]!;
    if (t.type === 'string' || t.type === 'number' || t.type === 'variable') continue;
    if (t.type === 'name' && !CASTING.has(t.value)) continue;
    if (t.type === 'operator' && PURE_OPS.has(t.value)) continue;
    return false;
  }
  return true;
}
