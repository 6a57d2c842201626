import type { NormalizeResult } from './normalizer.js';

/**
 * Parses raw JSON text (a request body) into a NormalizeResult. A leading BOM is ignored and blank text gives
 * `undefined` (no input). Malformed text is a `JSON_SYNTAX_ERROR` issue (status 400) with the 1-based line and
 * column and the 0-based position of the first offending character — located by our own scanner because the
 * engines' JSON.parse messages differ between Node versions.
 */
export function parseJsonText(text: string): NormalizeResult {
  try {
    // the common case first: one parse, no copy of the text (a BOM or blank text fails here and is handled below)
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return parseUnusualText(text);
  }
}

function parseUnusualText(text: string): NormalizeResult {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  if (body.trim() === '') return { ok: true, value: undefined };
  if (bom) {
    try {
      return { ok: true, value: JSON.parse(body) as unknown };
    } catch {
      // located below
    }
  }
  return syntaxError(body);
}

function syntaxError(body: string): NormalizeResult {
  const position = findJsonErrorPosition(body);
  const { line, column } = lineAndColumn(body, position);
  const found = position < body.length ? JSON.stringify(body[position]) : 'end of input';
  return {
    ok: false,
    issues: [
      {
        code: 'JSON_SYNTAX_ERROR',
        message: `Invalid JSON: unexpected ${found} at line ${line}, column ${column}`,
        status: 400,
        line,
        column,
        position,
      },
    ],
  };
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

const WS = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON forbids raw control characters inside strings; the class must name them.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

type Expect = 'value' | 'key-or-end' | 'key' | 'colon' | 'comma-or-end';

/** Position of the first character that makes `text` invalid JSON (iterative: no recursion on deep input). */
export function findJsonErrorPosition(text: string): number {
  const stack: string[] = [];
  let expect: Expect = 'value';
  let i = skip(text, 0);
  while (i < text.length) {
    const ch = text[i];
    if (expect === 'value' || expect === 'key-or-end') {
      if (expect === 'key-or-end' && ch === '}') {
        stack.pop();
        expect = 'comma-or-end';
        i = skip(text, i + 1);
      } else if (expect === 'key-or-end') {
        expect = 'key';
        continue;
      } else if (ch === '{' || ch === '[') {
        stack.push(ch);
        expect = ch === '{' ? 'key-or-end' : 'value';
        i = skip(text, i + 1);
        if (ch === '[' && text[i] === ']') {
          stack.pop();
          expect = 'comma-or-end';
          i = skip(text, i + 1);
        }
      } else {
        const end = matchAt(ch === '"' ? STRING : ch === '-' || isDigit(ch) ? NUMBER : LITERAL, text, i);
        if (end < 0) return ch === '"' ? stringErrorAt(text, i) : i;
        expect = 'comma-or-end';
        i = skip(text, end);
      }
    } else if (expect === 'key') {
      const end = ch === '"' ? matchAt(STRING, text, i) : -1;
      if (end < 0) return ch === '"' ? stringErrorAt(text, i) : i;
      expect = 'colon';
      i = skip(text, end);
    } else if (expect === 'colon') {
      if (ch !== ':') return i;
      expect = 'value';
      i = skip(text, i + 1);
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return i;
      if (ch === ',') expect = top === '{' ? 'key' : 'value';
      else if ((ch === '}' && top === '{') || (ch === ']' && top === '[')) stack.pop();
      else return i;
      i = skip(text, i + 1);
    }
  }
  return text.length;
}

function skip(text: string, from: number): number {
  WS.lastIndex = from;
  WS.test(text);
  return WS.lastIndex;
}

function matchAt(re: RegExp, text: string, from: number): number {
  re.lastIndex = from;
  return re.test(text) ? re.lastIndex : -1;
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** Inside a bad string literal, point at the offending character (control char, bad escape, or the end). */
function stringErrorAt(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20) return i;
    if (code === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return i;
        i += 5;
      } else if (next === undefined || !'"\\/bfnrt'.includes(next)) return i;
      else i++;
    }
  }
  return text.length;
}
