import { setOwn } from '@mapx/plugin-api';
import {
  collapseXmlWhitespace,
  isXmlWhitespace,
  serializeXml,
  trimXmlWhitespace,
  type XmlElement,
} from '@mapx/xml';

const FHIR_NS = 'http://hl7.org/fhir';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

interface Converted {
  readonly value: unknown;
  /** The `_name` sibling: attributes and children of an element whose value is a string. */
  readonly extra: Record<string, unknown> | undefined;
}

/**
 * Generic XML → JSON (mapping-language §8.2 with decision 23): the root is unwrapped, text is kept exactly
 * as written (trimmed), repeated siblings become arrays with `_name` siblings aligned by null.
 */
export function convertGenericXml(root: XmlElement): unknown {
  const out: Record<string, unknown> = {};
  const fhir = root.attrs.xmlns === FHIR_NS;
  if (fhir) out.resourceType = localName(root.name);
  const children = elementChildren(root);
  addChildren(out, children);
  addAttributes(out, root.attrs, fhir);
  if (children.length === 0) {
    const text = textOf(root);
    if (text !== '') out['#text'] = text;
  } else addMixedContent(out, root);
  if (Object.keys(out).length === (fhir ? 1 : 0)) return undefined;
  if (!fhir) {
    const colon = root.name.indexOf(':');
    out._xmlTagName = localName(root.name);
    if (colon > 0) out._namespace = root.name.slice(0, colon);
  }
  return out;
}

function convertElement(el: XmlElement): Converted | undefined {
  if (el.attrs.xmlns === XHTML_NS) return { value: serializeXml(el), extra: undefined };
  const fhir = el.attrs.xmlns === FHIR_NS;
  const children = elementChildren(el);
  if ('value' in el.attrs) {
    const extra: Record<string, unknown> = {};
    addAttributes(extra, el.attrs, fhir, 'value');
    addChildren(extra, children);
    return { value: el.attrs.value, extra: isEmpty(extra) ? undefined : extra };
  }
  if (children.length === 0) {
    const text = textOf(el);
    const attrs: Record<string, unknown> = {};
    addAttributes(attrs, el.attrs, fhir);
    if (text !== '') return { value: text, extra: isEmpty(attrs) ? undefined : attrs };
    return isEmpty(attrs) ? undefined : { value: attrs, extra: undefined };
  }
  const value: Record<string, unknown> = {};
  if (fhir) value.resourceType = localName(el.name);
  addChildren(value, children);
  addAttributes(value, el.attrs, fhir);
  addMixedContent(value, el);
  return { value, extra: undefined };
}

/** Groups children by name (first-occurrence order); one occurrence is a value, several an array. */
function addChildren(target: Record<string, unknown>, children: readonly XmlElement[]): void {
  const groups = new Map<string, Converted[]>();
  for (const child of children) {
    const converted = convertElement(child);
    if (converted === undefined) continue;
    const group = groups.get(child.name);
    if (group) group.push(converted);
    else groups.set(child.name, [converted]);
  }
  for (const [name, group] of groups) {
    const single = group.length === 1;
    setOwn(target, name, single ? group[0]!.value : group.map((c) => c.value));
    if (group.some((c) => c.extra !== undefined))
      setOwn(target, `_${name}`, single ? group[0]!.extra : group.map((c) => c.extra ?? null));
  }
}

function addAttributes(
  target: Record<string, unknown>,
  attrs: Readonly<Record<string, string>>,
  fhir: boolean,
  skip?: string,
): void {
  for (const name in attrs) {
    if (name === skip || (fhir && name === 'xmlns')) continue;
    setOwn(target, name, attrs[name]);
  }
}

/**
 * Mixed content (`<p>Patient has <b>severe</b> asthma.</p>`): the element's own text under `#text` (runs
 * joined, whitespace collapsed: the key the reference engine uses), and every run and child in document
 * order under `#content` (text exactly as written; each child as a one-key object) so narratives survive.
 */
function addMixedContent(target: Record<string, unknown>, el: XmlElement): void {
  if (!hasText(el)) return;
  const content: unknown[] = [];
  let text = '';
  for (const child of el.children) {
    if (typeof child === 'string') {
      text += child;
      content.push(child);
      continue;
    }
    const converted = convertElement(child);
    const item: Record<string, unknown> = {};
    setOwn(item, child.name, converted?.value ?? '');
    if (converted?.extra !== undefined) setOwn(item, `_${child.name}`, converted.extra);
    content.push(item);
  }
  target['#text'] = collapseXmlWhitespace(text);
  target['#content'] = content;
}

function hasText(el: XmlElement): boolean {
  for (const child of el.children) if (typeof child === 'string' && !isXmlWhitespace(child)) return true;
  return false;
}

function elementChildren(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of el.children) if (typeof child !== 'string') out.push(child);
  return out;
}

function textOf(el: XmlElement): string {
  let text = '';
  for (const child of el.children) if (typeof child === 'string') text += child;
  return trimXmlWhitespace(text);
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function isEmpty(obj: object): boolean {
  for (const _ in obj) return false;
  return true;
}
