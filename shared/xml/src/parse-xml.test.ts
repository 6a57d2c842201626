import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, parseXml } from './parse-xml.js';
import type { XmlElement, XmlNode } from './xml-tree.js';

const el = (name: string, attrs: Record<string, string>, children: XmlNode[] = []): XmlElement => ({
  name,
  attrs,
  children,
});

function rootOf(text: string | Uint8Array): unknown {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(`unexpected failure: ${parsed.issue.message}`);
  return parsed.root;
}

function issueOf(body: unknown): unknown {
  const parsed = parseXml(body);
  if (parsed.ok) throw new Error('expected a failure');
  return parsed.issue;
}

describe('parseXml: the tree', () => {
  it('gives elements with attributes in document order and decoded text children', () => {
    expect(rootOf('<r b="2" a="1"><x>one &amp; two</x><y/></r>')).toEqual(
      el('r', { b: '2', a: '1' }, [el('x', {}, ['one & two']), el('y', {})]),
    );
    expect(Object.keys((rootOf('<r b="2" a="1"/>') as { attrs: object }).attrs)).toEqual(['b', 'a']);
  });

  it('skips the declaration, comments and processing instructions; keeps CDATA as text', () => {
    const text =
      '<?xml version="1.0"?>\n<!-- c --><r><?pi x?><a><![CDATA[<b>&amp;</b>]]></a><!-- n --></r>\n';
    expect(rootOf(text)).toEqual(el('r', {}, [el('a', {}, ['<b>&amp;</b>'])]));
  });

  it('drops whitespace-only text between elements, but keeps every text node inside XHTML', () => {
    const text =
      '<r>\n  <div xmlns="http://www.w3.org/1999/xhtml">\n  <p>a <b>b</b> </p>\n</div>\n  <t> x </t>\n</r>';
    const p = el('p', {}, ['a ', el('b', {}, ['b']), ' ']);
    expect(rootOf(text)).toEqual(
      el('r', {}, [
        el('div', { xmlns: 'http://www.w3.org/1999/xhtml' }, ['\n  ', p, '\n']),
        el('t', {}, [' x ']),
      ]),
    );
  });

  it('keeps namespace prefixes in names and decodes references in attribute values', () => {
    expect(rootOf(`<f:r xmlns:f="urn:x" v='&lt;&#65;&#x42;&quot;'/>`)).toEqual(
      el('f:r', { 'xmlns:f': 'urn:x', v: '<AB"' }),
    );
  });

  it('turns literal tabs and line breaks in attribute values into spaces (after CRLF → LF)', () => {
    expect(rootOf('<r a="x\ty\r\nz"/>')).toEqual(el('r', { a: 'x y z' }));
  });

  it('normalises CRLF and CR line ends in text to LF', () => {
    expect(rootOf('<r>a\r\nb\rc</r>')).toEqual(el('r', {}, ['a\nb\nc']));
  });

  it('reads UTF-8 bytes and strips a byte order mark', () => {
    const bytes = new TextEncoder().encode('\ufeff<r>é</r>');
    expect(rootOf(bytes)).toEqual(el('r', {}, ['é']));
  });

  it('keeps a __proto__ attribute as an own value without touching the prototype', () => {
    const root = rootOf('<r __proto__="p"/>') as { attrs: Record<string, string> };
    expect(Object.getOwnPropertyDescriptor(root.attrs, '__proto__')?.value).toBe('p');
    expect(Object.getPrototypeOf(root.attrs)).toBe(Object.prototype);
  });

  it('answers no root for blank input', () => {
    expect(parseXml('')).toEqual({ ok: true, root: undefined });
    expect(parseXml(' \n\t')).toEqual({ ok: true, root: undefined });
  });

  it(`accepts nesting of exactly ${MAX_XML_DEPTH} levels`, () => {
    const text = '<a>'.repeat(MAX_XML_DEPTH) + '</a>'.repeat(MAX_XML_DEPTH);
    expect(parseXml(text).ok).toBe(true);
  });
});

describe('parseXml: failures are values with a code, a status and a position', () => {
  it.each([
    [42, 'number'],
    [null, 'null'],
    [['<r/>'], 'array'],
    [{ a: 1 }, 'object'],
  ])('refuses a non-text body %j', (body, kind) => {
    expect(issueOf(body)).toEqual({
      code: 'XML_NOT_TEXT',
      message: `The XML input must be text; got ${kind}`,
      status: 400,
    });
  });

  it('refuses any DOCTYPE, located', () => {
    expect(issueOf('<?xml version="1.0"?>\n<!doctype r [<!ENTITY x "y">]><r/>')).toEqual({
      code: 'XML_DOCTYPE_FORBIDDEN',
      message: 'XML with a DOCTYPE is not accepted',
      status: 422,
      line: 2,
      column: 1,
    });
  });

  it.each([
    ['<a>\n  <b></a>', 'expected </b>, found </a>', 2, 6],
    ['<r/><r/>', 'a second root element', 1, 5],
    ['<r>', '<r> is never closed', 1, 4],
    ['<r a="1" a="2"/>', 'attribute a is repeated', 1, 9],
    ['<r a=1/>', 'bad attribute or unterminated tag <r>', 1, 3],
    ['<r>a & b</r>', 'a bare & (write &amp;)', 1, 6],
    ['<r>&nbsp;</r>', 'unknown or invalid reference &nbsp;', 1, 4],
    ['<r>&#0;</r>', 'unknown or invalid reference &#0;', 1, 4],
    ['hello', 'text outside the root element', 1, 1],
    ['<r/> tail', 'text outside the root element', 1, 6],
    ['<!-- open', 'unterminated <!--', 1, 1],
    ['<r><![CDATA[x</r>', 'unterminated CDATA section', 1, 4],
    ['<r></r', 'unterminated end tag', 1, 4],
    ['<r>< b/></r>', 'a tag name was expected', 1, 5],
    ['</r>', 'expected no end tag, found </r>', 1, 1],
    ['<?xml version="1.0"?>', 'no root element', 1, 22],
  ])('%j is malformed: %s at %i:%i', (text, reason, line, column) => {
    expect(issueOf(text)).toEqual({
      code: 'XML_MALFORMED',
      message: `Malformed XML: ${reason}`,
      status: 400,
      line,
      column,
    });
  });

  it(`refuses nesting deeper than ${MAX_XML_DEPTH} levels with XML_TOO_DEEP`, () => {
    const depth = MAX_XML_DEPTH + 1;
    const issue = issueOf('<a>'.repeat(depth) + '</a>'.repeat(depth));
    expect(issue).toEqual({
      code: 'XML_TOO_DEEP',
      message: `Malformed XML: nesting deeper than ${MAX_XML_DEPTH}`,
      status: 422,
      line: 1,
      column: 3 * MAX_XML_DEPTH + 1,
    });
  });
});

describe('parseXml: mixed content', () => {
  it('keeps whitespace between inline elements once the element has other text, in place', () => {
    expect(rootOf('<p>\n  <b>x</b> <i>y</i> end\n</p>')).toEqual(
      el('p', {}, ['\n  ', el('b', {}, ['x']), ' ', el('i', {}, ['y']), ' end\n']),
    );
  });

  it('still drops indentation of element-only content, nested mixed content included', () => {
    expect(rootOf('<r>\n  <a>\n    <b>1</b>\n  </a>\n  <p>t <b>2</b></p>\n</r>')).toEqual(
      el('r', {}, [el('a', {}, [el('b', {}, ['1'])]), el('p', {}, ['t ', el('b', {}, ['2'])])]),
    );
  });
});
