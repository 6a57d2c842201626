import type { MapxError } from '../errors/mapx-error.js';
import type { ExprAst } from '../syntax/ast.js';
import type { Parsed } from '../syntax/parser.js';
import { isOp } from '../syntax/tokenizer.js';
import { atRange } from './finding.js';
import type { Siblings } from './rule-walk.js';

/**
 * F5366: a sibling rule or variable line after one whose whole value is `$error(…)` (no context, no condition):
 * that line always throws, so what follows it in the same block is never evaluated.
 */
export function unreachableRules(p: Parsed, list: Siblings): MapxError[] {
  for (let i = 0; i < list.items.length - 1; i++) {
    const item = list.items[i]!;
    const value = item.kind === 'var' ? item.expr : item.context ? undefined : item.value;
    if (!value || !alwaysThrows(p, value, item.kind === 'var')) continue;
    const next = list.items[i + 1]!;
    return [atRange(p, 'F5366', next.start, lineEnd(p, next.start), { thrownAt: item.line })];
  }
  return [];
}

/**
 * F5366 in plain JSONata: in a `( …; …)` sequence, the statements after a statement that is a bare `$error(…)`.
 */
export function unreachableStatements(p: Parsed): MapxError[] {
  const t = p.tokens;
  const out: MapxError[] = [];
  for (let i = 0; i < t.length; i++) {
    if (t[i]!.type !== 'variable' || t[i]!.value !== 'error' || !isOp(t[i + 1], '(')) continue;
    if (!startsStatement(p, i)) continue;
    const close = p.brackets.match[i + 1]!;
    if (close < 0 || !isOp(t[close + 1], ';') || close + 2 >= t.length) continue;
    const next = t[close + 2]!;
    if (isOp(next, ')')) continue;
    out.push(atRange(p, 'F5366', next.start, lineEnd(p, next.start), { thrownAt: t[i]!.line }));
  }
  return out;
}

/** `$error(…)` alone (a variable line may bind it: `$x := $error(…)`). */
function alwaysThrows(p: Parsed, e: ExprAst, isVar: boolean): boolean {
  if (e.pieces.length !== 1 || e.pieces[0]!.kind !== 'tokens') return false;
  const t = p.tokens;
  let i = e.from;
  if (isVar && t[i]?.type === 'variable' && isOp(t[i + 1], ':=')) i += 2;
  if (t[i]?.type !== 'variable' || t[i]!.value !== 'error' || !isOp(t[i + 1], '(')) return false;
  return p.brackets.match[i + 1] === e.to - 1;
}

/** At the start of a statement of a `( …; … )` block: after `;`, or after a `(` that is no call's. */
function startsStatement(p: Parsed, i: number): boolean {
  const prev = p.tokens[i - 1];
  if (!prev || isOp(prev, ';')) return true;
  if (!isOp(prev, '(')) return false;
  const before = p.tokens[i - 2];
  return !before || (before.type === 'operator' && !isOp(before, ')') && !isOp(before, ']'));
}

function lineEnd(p: Parsed, start: number): number {
  const nl = p.src.indexOf('\n', start);
  return nl < 0 ? p.src.length : nl;
}
