import { describe, expect, it } from 'vitest';
import { decodeEntities } from './decode-entities.js';

describe('decodeEntities', () => {
  it('decodes the five predefined entities', () => {
    expect(decodeEntities('&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos;')).toBe(`<a> & "b" 'c'`);
  });

  it('decodes decimal and hexadecimal character references, astral ones included', () => {
    expect(decodeEntities('&#65;&#x42;&#x1F600;&#9;')).toBe('AB😀\t');
  });

  it('leaves text without references unchanged', () => {
    expect(decodeEntities('plain text; no refs')).toBe('plain text; no refs');
  });

  it.each([
    ['a & b', 'a bare & (write &amp;)', 2],
    ['x&amp', 'a bare & (write &amp;)', 1],
    ['&#X43;', 'a bare & (write &amp;)', 0],
    ['ok &amp; &nbsp;', 'unknown or invalid reference &nbsp;', 9],
    ['&#0;', 'unknown or invalid reference &#0;', 0],
    ['&#xD800;', 'unknown or invalid reference &#xD800;', 0],
    ['&#x110000;', 'unknown or invalid reference &#x110000;', 0],
    ['&#xFFFE;', 'unknown or invalid reference &#xFFFE;', 0],
    ['a&constructor;', 'unknown or invalid reference &constructor;', 1],
    ['&toString;', 'unknown or invalid reference &toString;', 0],
  ])('%j is an error at its offset', (chunk, error, offset) => {
    expect(decodeEntities(chunk)).toEqual({ error, offset });
  });
});
