import { isLineBreak } from '../errors/line-break.js';
import { createError, lineOf } from '../errors/mapx-error.js';
import { isReservedName, reservedNameError } from './reserved-names.js';

export type TokenType =
  | 'name'
  | 'variable'
  | 'string'
  | 'number'
  | 'regex'
  | 'operator'
  | 'url'
  | 'instance'
  | 'instanceof'
  | 'identifier';

export interface Token {
  type: TokenType;
  value: string;
  start: number;
  end: number;
  line: number;
  /** First token of its line. */
  nl: boolean;
  /** Indentation of the token's line (space = 1, tab = 2). */
  indent: number;
}

export const isOp = (t: Token | undefined, v: string): boolean =>
  !!t && t.type === 'operator' && t.value === v;

const OPERATORS2 = new Set(['..', ':=', '!=', '>=', '<=', '**', '~>', '?:', '??']);
const OPERATORS1 = new Set('.[]{}(),@#;:?+-*/%|=<>^&!~'.split(''));
/** As in JSONata, a name runs to whitespace or an operator character: `rr"` is one name, as `a$b` is. */
const NAME_STOP = /[\s.,[\]{}()@#;:?+\-*/%|=<>^&!~]/;
const NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?([Ee][-+]?[0-9]+)?/;
const URL_START = /^(https?:\/\/|urn:)/;
const URL_STOP = /[\s)\]},;]/;
/** After one of these, a `/` is division; otherwise it starts a regex literal (JSONata's prefix position). */
const OPERAND_END = new Set(['name', 'variable', 'string', 'number', 'regex', 'url', 'identifier']);
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Tokenizes a mapx expression: JSONata tokens plus comments, URL tokens, indentation and FLASH keywords. */
export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let lineStart = true;
  let indent = 0;
  let line = 1;
  const push = (type: TokenType, value: string, start: number, end: number): Token => {
    const t: Token = { type, value, start, end, line, nl: lineStart, indent };
    tokens.push(t);
    lineStart = false;
    return t;
  };
  const prevIsOperand = (): boolean => {
    const p = tokens[tokens.length - 1];
    if (!p) return false;
    if (OPERAND_END.has(p.type)) return true;
    return p.type === 'operator' && (p.value === ')' || p.value === ']' || p.value === '}');
  };
  const fail = (code: string, start: number, end: number, token?: string): never => {
    throw createError(code, {
      position: end,
      start,
      line: lineOf(src, start),
      token: token ?? src.slice(start, end),
    });
  };

  while (pos < src.length) {
    const c = src[pos]!;
    if (isLineBreak(src, pos)) {
      line++;
      pos++;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\v' || c === '\f') {
      if (lineStart) indent += c === '\t' ? 2 : c === ' ' ? 1 : 0;
      pos++;
      continue;
    }
    const rest = src.slice(pos, pos + 8);
    if (URL_START.test(rest)) {
      let e = pos;
      while (e < src.length && !URL_STOP.test(src[e]!)) e++;
      push('url', src.slice(pos, e), pos, e);
      pos = e;
      continue;
    }
    if (c === '/' && src[pos + 1] === '*') {
      pos = skipBlockComment(src, pos, fail, () => line++);
      continue;
    }
    if (c === '/' && src[pos + 1] === '/') {
      while (pos < src.length && !isLineBreak(src, pos)) pos++;
      continue;
    }
    if (c === '/' && !prevIsOperand()) {
      pos = readRegex(src, pos, push, fail);
      continue;
    }
    if (c === '"' || c === "'") {
      const { value, end } = readString(src, pos, fail);
      push('string', value, pos, end);
      line += countNewlines(src, pos, end);
      pos = end;
      continue;
    }
    if (c === '`') {
      const e = src.indexOf('`', pos + 1);
      if (e < 0) fail('S0105', pos, src.length);
      push('name', src.slice(pos + 1, e), pos, e + 1);
      line += countNewlines(src, pos, e);
      pos = e + 1;
      continue;
    }
    const num = NUMBER.exec(src.slice(pos, pos + 400));
    if (num) {
      const v = Number(num[0]);
      if (!Number.isFinite(v)) fail('S0102', pos, pos + num[0].length);
      push('number', num[0], pos, pos + num[0].length);
      pos += num[0].length;
      continue;
    }
    const two = src.slice(pos, pos + 2);
    if (OPERATORS2.has(two)) {
      push('operator', two, pos, pos + 2);
      pos += 2;
      continue;
    }
    if (OPERATORS1.has(c)) {
      push('operator', c, pos, pos + 1);
      pos++;
      continue;
    }
    pos = readName(src, pos, tokens, push, fail);
  }
  return tokens;
}

function countNewlines(src: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (isLineBreak(src, i)) n++;
  return n;
}

type Fail = (code: string, start: number, end: number, token?: string) => never;
type Push = (type: TokenType, value: string, start: number, end: number) => Token;

function skipBlockComment(src: string, start: number, fail: Fail, onNewline: () => void): number {
  let depth = 0;
  let pos = start;
  while (pos < src.length) {
    if (src[pos] === '/' && src[pos + 1] === '*') {
      depth++;
      pos += 2;
    } else if (src[pos] === '*' && src[pos + 1] === '/') {
      depth--;
      pos += 2;
      if (depth === 0) return pos;
    } else {
      if (isLineBreak(src, pos)) onNewline();
      pos++;
    }
  }
  return fail('S0106', start, src.length, '/*');
}

function readString(src: string, start: number, fail: Fail): { value: string; end: number } {
  const quote = src[start];
  let pos = start + 1;
  let value = '';
  while (pos < src.length) {
    const ch = src[pos]!;
    if (ch === '\\') {
      const esc = src[pos + 1] ?? '';
      if (esc in ESCAPES) {
        value += ESCAPES[esc];
        pos += 2;
      } else if (esc === 'u') {
        const hex = src.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('S0104', pos, pos + 2);
        value += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else {
        fail('S0103', pos, pos + 2, esc);
      }
    } else if (ch === quote) {
      return { value, end: pos + 1 };
    } else {
      value += ch;
      pos++;
    }
  }
  return fail('S0101', start, src.length, quote);
}

function readRegex(src: string, start: number, push: Push, fail: Fail): number {
  let pos = start + 1;
  let depth = 0;
  while (pos < src.length) {
    const ch = src[pos]!;
    if (ch === '/' && src[pos - 1] !== '\\' && depth === 0) {
      const pattern = src.slice(start + 1, pos);
      if (pattern === '') fail('S0301', start, pos + 1);
      pos++;
      while (pos < src.length && /[gimsuy]/.test(src[pos]!)) pos++;
      push('regex', src.slice(start, pos), start, pos);
      return pos;
    }
    // an escaped bracket (`\[`) is a character, not a group: JSONata's own lexer counts the same way
    if (src[pos - 1] !== '\\') {
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') depth--;
    }
    pos++;
  }
  return fail('S0302', start, src.length, '/');
}

function readName(src: string, start: number, tokens: Token[], push: Push, fail: Fail): number {
  const isVar = src[start] === '$';
  let pos = isVar ? start + 1 : start;
  while (pos < src.length && !NAME_STOP.test(src[pos]!)) pos++;
  if (isVar && pos === start + 1 && src[pos] === '$') pos++;
  if (pos === start) fail('S0204', start, start + 1);
  const text = src.slice(start, pos);
  if (isVar) {
    if (isReservedName(text.slice(1))) throw reservedNameError(text.slice(1), start, pos, src);
    push('variable', text.slice(1), start, pos);
    return pos;
  }
  // `Instance:` is a header only at a line start or right after `(`; elsewhere it may be an object key
  const headerSpot = (): boolean => {
    const prev = tokens[tokens.length - 1];
    return !prev || prev.line !== lineOf(src, start) || (prev.type === 'operator' && prev.value === '(');
  };
  const keyword = text === 'InstanceOf' || (text === 'Instance' && headerSpot());
  if (keyword && src[pos] === ':' && src[pos + 1] !== '=') {
    const kw = push(text === 'Instance' ? 'instance' : 'instanceof', text + ':', start, pos + 1);
    return text === 'Instance' ? pos + 1 : readIdentifier(src, pos + 1, kw, tokens);
  }
  push('name', text, start, pos);
  return pos;
}

/** The `InstanceOf:` value is raw text up to whitespace or `)` (§3.1). */
function readIdentifier(src: string, from: number, kw: Token, tokens: Token[]): number {
  let pos = from;
  while (pos < src.length && (src[pos] === ' ' || src[pos] === '\t')) pos++;
  let end = pos;
  while (end < src.length && !/[\s)]/.test(src[end]!)) end++;
  tokens.push({ ...kw, type: 'identifier', value: src.slice(pos, end), start: pos, end, nl: false });
  return end;
}
