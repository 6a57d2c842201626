import { describe, expect, it } from 'vitest';
import { call, createTestContext, evaluateIn } from '../../test/functions/call-context.js';

const ctx = createTestContext();
const run = (src: string, input?: unknown) => evaluateIn(createTestContext(), src, input);

describe('$startsWith / $endsWith', () => {
  it('test prefixes and suffixes, undefined in → undefined out', async () => {
    expect(call(ctx, 'startsWith', 'Hello', 'He')).toBe(true);
    expect(call(ctx, 'startsWith', 'Hello', 'lo')).toBe(false);
    expect(call(ctx, 'endsWith', 'Hello', 'lo')).toBe(true);
    expect(call(ctx, 'startsWith', undefined, 'x')).toBeUndefined();
    expect(await run(`name.$startsWith('Jo')`, { name: 'John' })).toBe(true);
  });
});

describe('$matches', () => {
  it('searches anywhere, with i/m/full flags', () => {
    expect(call(ctx, 'matches', 'Hello', 'hello', ['i', 'full'])).toBe(true);
    expect(call(ctx, 'matches', 'Hello world', 'o w')).toBe(true);
    expect(call(ctx, 'matches', 'Hello world', 'Hello', ['full'])).toBe(false);
    expect(call(ctx, 'matches', 'ab', '^ab$', ['full'])).toBe(true);
    expect(call(ctx, 'matches', 'a\nb', '^b$', ['m'])).toBe(true);
    expect(call(ctx, 'matches', 'a\nb', '^b$')).toBe(false);
    expect(call(ctx, 'matches', 'abc', 'B', 'i')).toBe(true);
  });

  it('answers undefined for an empty string or pattern', () => {
    expect(call(ctx, 'matches', '', 'x')).toBeUndefined();
    expect(call(ctx, 'matches', 'x', '')).toBeUndefined();
    expect(call(ctx, 'matches', 'x')).toBeUndefined();
  });

  it('raises D3500 for an invalid pattern', () => {
    expect(() => call(ctx, 'matches', 'x', '(')).toThrow(expect.objectContaining({ code: 'D3500' }));
  });
});

describe('$initCap / $initCapOnce', () => {
  it('normalise whitespace and capitalise words, or only the first letter', async () => {
    expect(call(ctx, 'initCap', '  hELLO   world ')).toBe('HELLO World');
    expect(call(ctx, 'initCap', 'a\tb\r\nc')).toBe('A B C');
    expect(call(ctx, 'initCapOnce', 'john doe')).toBe('John doe');
    expect(await run(`$initCap('ann lee')`)).toBe('Ann Lee');
  });
});

describe('$stringify', () => {
  it('always JSON-encodes, strings included', async () => {
    expect(call(ctx, 'stringify', 'a')).toBe('"a"');
    expect(call(ctx, 'stringify', { a: [1, true, null] })).toBe('{"a":[1,true,null]}');
    expect(call(ctx, 'stringify', { a: 1 }, true)).toBe('{\n  "a": 1\n}');
    expect(await run(`$stringify(1.1 + 2.2)`)).toBe('3.3');
  });

  it('renders functions as empty strings and refuses non-finite numbers', async () => {
    expect(await run(`$stringify(function($x){$x})`)).toBe('');
    expect(await run(`$stringify({'f': $uppercase})`)).toBe('{"f":""}');
    expect(() => call(ctx, 'stringify', Infinity)).toThrow(expect.objectContaining({ code: 'D3001' }));
  });
});

describe('$contains (override)', () => {
  it('returns undefined when either argument is undefined', async () => {
    expect(await run(`$contains('abc', $nothing)`)).toBeUndefined();
    expect(await run(`$contains($nothing, 'a')`)).toBeUndefined();
  });

  it('matches substrings and regexes like JSONata', async () => {
    expect(await run(`$contains('abc', 'b')`)).toBe(true);
    expect(await run(`$contains('abc', /B/i)`)).toBe(true);
    expect(await run(`$contains('abc', /z/)`)).toBe(false);
  });
});
