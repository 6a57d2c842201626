import { describe, expect, it } from 'vitest';
import { findJsonErrorPosition, parseJsonText } from './json-text.js';

describe('parseJsonText', () => {
  it('parses valid text, ignoring a BOM', () => {
    expect(parseJsonText('\uFEFF{"a":[1,"x",null]}')).toEqual({ ok: true, value: { a: [1, 'x', null] } });
  });

  it('gives undefined for blank text', () => {
    expect(parseJsonText(' \n ')).toEqual({ ok: true, value: undefined });
    expect(parseJsonText('')).toEqual({ ok: true, value: undefined });
    expect(parseJsonText('\uFEFF ')).toEqual({ ok: true, value: undefined });
  });

  it('locates an error after a BOM in the text without it', () => {
    expect(parseJsonText('\uFEFF[1,]')).toMatchObject({
      ok: false,
      issues: [{ line: 1, column: 4, position: 3 }],
    });
  });

  it('reports line, column and position of the offending character', () => {
    const result = parseJsonText('{\n  "a": 1,\n  "b": }');
    expect(result).toMatchObject({
      ok: false,
      issues: [{ code: 'JSON_SYNTAX_ERROR', status: 400, line: 3, column: 8, position: 19 }],
    });
  });

  it.each([
    ['[1,2', 4],
    ['{"a" 1}', 5],
    ['{"a":1,}', 7],
    ['[1] x', 4],
    ['"ab\u0001c"', 3],
    ['"a\\qb"', 2],
    ['tru', 0],
    ['01', 1],
    ['{"a":{"b":[{}]]}', 14],
  ])('locates the error in %j at %i', (text, position) => {
    expect(findJsonErrorPosition(text)).toBe(position);
  });
});
