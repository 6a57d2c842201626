import type { ExprAst } from './ast.js';
import { errAt, type ParserState } from './parser-state.js';
import { isOp, type Token } from './tokenizer.js';

interface Frame {
  kind: string; // '(' '[' '{' 'body' 'root'
  colon: boolean;
  q: number;
}

const OP_NAMES = new Set(['and', 'or', 'in']);
const BLOCK: Token = { type: 'name', value: '(block)', start: 0, end: 0, line: 0, nl: false, indent: 0 };

function isOperandEnd(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.type === 'name') return !OP_NAMES.has(t.value) && t.value !== 'function';
  return t.type === 'number' || t.type === 'string' || t.type === 'variable';
}

/**
 * The friendlier syntax errors of §2.3 (F1100–F1110, S0218), raised before JSONata would raise its own
 * generic code. Only shapes that are certainly invalid JSONata are reported, so valid input is never refused.
 * `%%` is left to JSONata (S0207, S0211, S0217 when parsing, T2001 when evaluating): its codes say more than
 * F1107 did, and `missing.%%2` is valid JSONata (undefined).
 */
export function checkSyntax(p: ParserState, expr: ExprAst): void {
  const stream: Token[] = [];
  for (const piece of expr.pieces) {
    if (piece.kind === 'block') stream.push(BLOCK);
    else for (let i = piece.from; i < piece.to; i++) stream.push(p.tokens[i]!);
  }
  const frames: Frame[] = [{ kind: 'root', colon: false, q: 0 }];
  let lambdaParen = -1;
  let parenDepthAtLambda = 0;
  let parens = 0;
  for (let i = 0; i < stream.length; i++) {
    const t = stream[i]!;
    const prev = stream[i - 1];
    const next = stream[i + 1];
    const f = frames[frames.length - 1]!;
    if (t.type === 'name' && (t.value === 'function' || t.value === 'λ') && isOp(next, '(')) {
      lambdaParen = i + 1;
      parenDepthAtLambda = parens;
    }
    if (t.type !== 'operator') {
      if (f.kind === '[' && isOperandEnd(prev) && isOperandEnd(t)) throw errAt('F1106', t);
      continue;
    }
    switch (t.value) {
      case '(':
        parens++;
        frames.push({ kind: '(', colon: false, q: 0 });
        break;
      case '[':
        frames.push({ kind: '[', colon: false, q: 0 });
        break;
      case '{': {
        const body =
          lambdaParen >= 0 && (isOp(prev, ')') || isOp(prev, '>')) && parens === parenDepthAtLambda;
        if (body) lambdaParen = -1;
        frames.push({ kind: body ? 'body' : '{', colon: false, q: 0 });
        if (!body && isOp(next, ',')) throw errAt('F1102', next);
        break;
      }
      case ')':
        parens--;
        frames.pop();
        break;
      case ']':
        if (isOp(prev, ',')) throw errAt('F1108', prev);
        frames.pop();
        break;
      case '}':
        if (f.kind === '{') {
          if (isOp(prev, ',')) throw errAt('F1105', prev);
          if (isOp(prev, ':') && f.q === 0) throw errAt('F1101', t, { token: ':' });
          if (!f.colon && !isOp(prev, '{')) throw errAt('F1104', prev);
        }
        frames.pop();
        break;
      case ',':
        if (isOp(prev, ',')) throw errAt('F1110', t);
        // a `?` without `:` (a condition without else) ends with its item: the next `:` is the next key's
        f.q = 0;
        if (f.kind === '{') {
          if (isOp(prev, ':') && f.q === 0) throw errAt('F1101', t, { token: ':' });
          if (!f.colon) throw errAt('F1104', prev ?? t);
          f.colon = false;
        }
        break;
      case '?':
        f.q++;
        break;
      case ':':
        if (f.q > 0) f.q--;
        else if (f.kind === '[') throw errAt('F1109', t);
        else if (f.kind === '{') f.colon = true;
        break;
      case ';':
        f.q = 0;
        if (f.kind === '[' || f.kind === '{') throw errAt('F1103', t);
        if (!prev || isOp(prev, ';') || isOp(prev, '(') || isOp(prev, ',')) throw errAt('F1103', t);
        if (f.kind === 'body' && isOp(prev, '{')) throw errAt('F1103', t);
        break;
      case ':=':
      case '/':
        if (!next || (next.type === 'operator' && [')', ']', '}', ';', ','].includes(next.value))) {
          throw errAt('S0218', t);
        }
        break;
    }
  }
}
