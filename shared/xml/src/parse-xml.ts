import { decodeEntities } from './decode-entities.js';
import type { XmlElement } from './xml-tree.js';
import { PendingWhitespace } from './pending-whitespace.js';
import { firstNonXmlSpace, isXmlSpaceChar, isXmlWhitespace } from './xml-whitespace.js';

/**
 * A problem with the document. Shaped like the plugin API's `NormalizeIssue` (this package imports nothing of
 * ours), so an XML normaliser returns it as is; the `XML_*` codes are catalogued here only.
 */
export interface XmlIssue {
  readonly code: 'XML_NOT_TEXT' | 'XML_DOCTYPE_FORBIDDEN' | 'XML_MALFORMED' | 'XML_TOO_DEEP';
  readonly message: string;
  /** The HTTP status a host answers with: 400 malformed body, 422 unusable content. */
  readonly status: 400 | 422;
  readonly line?: number;
  readonly column?: number;
}

export type ParseXmlResult =
  | { readonly ok: true; readonly root: XmlElement | undefined }
  | { readonly ok: false; readonly issue: XmlIssue };

/** Deeper documents are refused: the converters walk the tree recursively. */
export const MAX_XML_DEPTH = 500;

const utf8 = new TextDecoder();
const NAME = /[A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*/y;
const ATTRIBUTE =
  /[ \t\r\n]+([A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*)[ \t\r\n]*=[ \t\r\n]*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /[ \t\r\n]*(\/?)>/y;
const DOCTYPE = /<!DOCTYPE/i;
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

class XmlSyntaxError {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

/**
 * Parses an XML document into a small element tree (our own scanner: several times faster than a general
 * library on FHIR-sized documents, and every failure is located). Checks well-formedness — matching tags,
 * quoted unique attributes, known entities, one root. DOCTYPEs are refused outright: our formats need no
 * DTD, and refusing them closes XXE and entity-expansion attacks.
 */
export function parseXml(body: unknown): ParseXmlResult {
  const raw = typeof body === 'string' ? body : body instanceof Uint8Array ? utf8.decode(body) : undefined;
  if (raw === undefined) return fail('XML_NOT_TEXT', `The XML input must be text; got ${kindOf(body)}`, 400);
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const doctype = DOCTYPE.exec(text);
  if (doctype)
    return fail('XML_DOCTYPE_FORBIDDEN', 'XML with a DOCTYPE is not accepted', 422, text, doctype.index);
  if (isXmlWhitespace(text)) return { ok: true, root: undefined };
  try {
    return { ok: true, root: parseDocument(text) };
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    const code = error.message.startsWith('nesting') ? 'XML_TOO_DEEP' : 'XML_MALFORMED';
    return fail(code, `Malformed XML: ${error.message}`, code === 'XML_TOO_DEEP' ? 422 : 400, text, error.at);
  }
}

function parseDocument(text: string): XmlElement {
  let root: XmlElement | undefined;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const gap = lt < 0 ? text.slice(i) : text.slice(i, lt);
    if (!isXmlWhitespace(gap))
      throw new XmlSyntaxError('text outside the root element', i + firstNonXmlSpace(gap));
    if (lt < 0) break;
    if (text.startsWith('<?', lt)) i = skipPast(text, '?>', lt);
    else if (text.startsWith('<!--', lt)) i = skipPast(text, '-->', lt);
    else if (root) throw new XmlSyntaxError('a second root element', lt);
    else [root, i] = parseElement(text, lt);
  }
  if (!root) throw new XmlSyntaxError('no root element', text.length);
  return root;
}

/**
 * Parses the element starting at `start` (a `<`) iteratively; returns it and the index after its end tag.
 * Inside an XHTML-namespaced element every text node is kept verbatim. Elsewhere whitespace-only text is
 * kept only in mixed content (an element that also has other text: `<p>a <b>b</b> <i>c</i></p>`).
 */
function parseElement(text: string, start: number): [XmlElement, number] {
  const stack: XmlElement[] = [];
  const ws = new PendingWhitespace();
  let xhtmlDepth = 0;
  let i = start;
  for (;;) {
    const lt = text.indexOf('<', i);
    const parent = stack[stack.length - 1];
    if (parent && lt !== i)
      addText(parent, text, i, lt < 0 ? text.length : lt, xhtmlDepth > 0, ws, stack.length);
    if (lt < 0) throw new XmlSyntaxError(`<${parent?.name ?? ''}> is never closed`, text.length);
    if (text.startsWith('</', lt)) {
      i = closeTag(text, lt, stack.pop());
      ws.close(stack.length + 1);
      if (xhtmlDepth > 0) xhtmlDepth--;
      if (stack.length === 0) return [parent!, i];
    } else if (text.startsWith('<!--', lt)) i = skipPast(text, '-->', lt);
    else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end < 0) throw new XmlSyntaxError('unterminated CDATA section', lt);
      ws.flush(parent!, text, stack.length);
      parent!.children.push(text.slice(lt + 9, end));
      i = end + 3;
    } else if (text.startsWith('<?', lt)) i = skipPast(text, '?>', lt);
    else {
      const [element, after, selfClosing] = openTag(text, lt);
      parent?.children.push(element);
      if (selfClosing && !parent) return [element, after];
      if (!selfClosing) {
        stack.push(element);
        ws.open(stack.length);
        if (xhtmlDepth > 0 || element.attrs.xmlns === XHTML_NS) xhtmlDepth++;
      }
      if (stack.length > MAX_XML_DEPTH) throw new XmlSyntaxError(`nesting deeper than ${MAX_XML_DEPTH}`, lt);
      i = after;
    }
  }
}

function openTag(text: string, lt: number): [XmlElement, number, boolean] {
  NAME.lastIndex = lt + 1;
  const name = NAME.exec(text)?.[0];
  if (name === undefined) throw new XmlSyntaxError('a tag name was expected', lt + 1);
  const attrs: Record<string, string> = {};
  let i = lt + 1 + name.length;
  for (;;) {
    TAG_END.lastIndex = i;
    const end = TAG_END.exec(text);
    if (end) return [{ name, attrs, children: [] }, TAG_END.lastIndex, end[1] === '/'];
    ATTRIBUTE.lastIndex = i;
    const attr = ATTRIBUTE.exec(text);
    if (!attr) throw new XmlSyntaxError(`bad attribute or unterminated tag <${name}>`, i);
    const attrName = attr[1]!;
    if (Object.hasOwn(attrs, attrName)) throw new XmlSyntaxError(`attribute ${attrName} is repeated`, i);
    const literal = attr[2] ?? attr[3] ?? '';
    const value =
      literal.includes('\n') || literal.includes('\t') ? literal.replace(/[\t\n]/g, ' ') : literal;
    const decoded = value.includes('&') ? decodeOrThrow(value, i) : value;
    if (attrName === '__proto__')
      Object.defineProperty(attrs, attrName, {
        value: decoded,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else attrs[attrName] = decoded;
    i = ATTRIBUTE.lastIndex;
  }
}

function closeTag(text: string, lt: number, open: XmlElement | undefined): number {
  const end = text.indexOf('>', lt);
  if (end < 0) throw new XmlSyntaxError('unterminated end tag', lt);
  const name = text.slice(lt + 2, end).trimEnd();
  if (!open || name !== open.name) {
    const expected = open ? `</${open.name}>` : 'no end tag';
    throw new XmlSyntaxError(`expected ${expected}, found </${name}>`, lt);
  }
  return end + 1;
}

/**
 * Whitespace-only text is insignificant outside XHTML (indentation between elements) until the element shows
 * other text: then it is mixed content and the whitespace between its runs is kept where it was.
 */
function addText(
  parent: XmlElement,
  text: string,
  from: number,
  to: number,
  verbatim: boolean,
  ws: PendingWhitespace,
  depth: number,
): void {
  if (!verbatim && isBlank(text, from, to)) {
    if (ws.hasText(depth)) parent.children.push(text.slice(from, to));
    else ws.hold(depth, parent.children.length, from, to);
    return;
  }
  ws.flush(parent, text, depth);
  const chunk = text.slice(from, to);
  parent.children.push(chunk.includes('&') ? decodeOrThrow(chunk, from) : chunk);
}

/** XML whitespace only on text[from, to), without slicing it: indentation is most of the text nodes of a document. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isXmlSpaceChar(text.charCodeAt(i))) return false;
  return true;
}

function decodeOrThrow(chunk: string, at: number): string {
  const decoded = decodeEntities(chunk);
  if (typeof decoded === 'string') return decoded;
  throw new XmlSyntaxError(decoded.error, at + decoded.offset);
}

function skipPast(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  if (at < 0) throw new XmlSyntaxError(`unterminated ${text.slice(from, from + 4)}`, from);
  return at + end.length;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function fail(
  code: XmlIssue['code'],
  message: string,
  status: 400 | 422,
  text?: string,
  at?: number,
): ParseXmlResult {
  if (text === undefined || at === undefined) return { ok: false, issue: { code, message, status } };
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  return { ok: false, issue: { code, message, status, line, column } };
}
