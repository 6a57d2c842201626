import type { XmlElement, XmlNode } from './xml-tree.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const SPECIAL = /[&<>"]/g;

function escapeXml(text: string): string {
  return text.replace(SPECIAL, (ch) => ESCAPES[ch]!);
}

/**
 * Serialises an element the way FHIR JSON carries XHTML (`div`): attributes double-quoted, `& < > "`
 * escaped, empty elements self-closed, text and whitespace exactly as decoded, comments dropped.
 */
export function serializeXml(element: XmlElement): string {
  let out = `<${element.name}`;
  for (const name in element.attrs) out += ` ${name}="${escapeXml(element.attrs[name]!)}"`;
  if (element.children.length === 0) return `${out}/>`;
  out += '>';
  for (const child of element.children) out += serializeNode(child);
  return `${out}</${element.name}>`;
}

function serializeNode(node: XmlNode): string {
  return typeof node === 'string' ? escapeXml(node) : serializeXml(node);
}
