import { describe, expect, it } from 'vitest';
import { parseXml } from './parse-xml.js';
import { serializeXml } from './serialize-xml.js';
import type { XmlElement } from './xml-tree.js';

describe('serializeXml', () => {
  it('double-quotes attributes, escapes & < > " and self-closes empty elements', () => {
    const element: XmlElement = {
      name: 'div',
      attrs: { xmlns: 'http://www.w3.org/1999/xhtml', title: `a "b" <c> & 'd'` },
      children: ['1 < 2 & "3" > 0 ', { name: 'br', attrs: {}, children: [] }],
    };
    expect(serializeXml(element)).toBe(
      `<div xmlns="http://www.w3.org/1999/xhtml" title="a &quot;b&quot; &lt;c&gt; &amp; 'd'">` +
        '1 &lt; 2 &amp; &quot;3&quot; &gt; 0 <br/></div>',
    );
  });

  it('re-serialises a parsed XHTML subtree with its text and whitespace, without comments', () => {
    const text = `<div xmlns='http://www.w3.org/1999/xhtml'>\n  <p class='x'>A&amp;B <!-- note --><b>bold</b></p>\n</div>`;
    const parsed = parseXml(text);
    expect(parsed.ok && parsed.root && serializeXml(parsed.root)).toBe(
      '<div xmlns="http://www.w3.org/1999/xhtml">\n  <p class="x">A&amp;B <b>bold</b></p>\n</div>',
    );
  });
});
