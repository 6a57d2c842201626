import { setOwn, type NormalizeIssue } from '@mapx/plugin-api';
import { serializeXml, type XmlElement } from '@mapx/xml';
import type { ElementInfo, FhirModel, PrimitiveKind, Scope } from './fhir-model.js';

const FHIR_NS = 'http://hl7.org/fhir';

/** Collects problems while converting; the conversion goes on so that one answer lists several. */
interface Run {
  readonly model: FhirModel;
  readonly issues: NormalizeIssue[];
}

/**
 * FHIR XML → canonical FHIR JSON (FHIR R4 §2.6.2 / JSON §2.6.3): arrays by cardinality, primitives typed,
 * `id`/`extension` of primitives in `_name` siblings aligned by null, nested resources unwrapped with their
 * `resourceType`, XHTML as a string, choice elements named as in XML.
 */
export function convertFhirXml(
  root: XmlElement,
  model: FhirModel,
): { value: unknown; issues: NormalizeIssue[] } {
  const run: Run = { model, issues: [] };
  if (namespaceOf(root) !== FHIR_NS) {
    problem(
      run,
      'FHIR_XML_NOT_FHIR',
      `The root element <${root.name}> is not in the FHIR namespace ${FHIR_NS}`,
    );
    return { value: undefined, issues: run.issues };
  }
  return { value: convertResource(run, root, ''), issues: run.issues };
}

function convertResource(run: Run, el: XmlElement, at: string): Record<string, unknown> | undefined {
  const type = localName(el.name);
  const scope = run.model.resource(type);
  if (!scope) return problem(run, 'FHIR_XML_UNKNOWN_RESOURCE', `Unknown resource type ${type}`, at || type);
  const out: Record<string, unknown> = { resourceType: type };
  fillComplex(run, out, el, scope, at ? `${at}.${type}` : type);
  return out;
}

function fillComplex(run: Run, out: Record<string, unknown>, el: XmlElement, scope: Scope, at: string): void {
  for (const name in el.attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    setOwn(out, name, el.attrs[name]);
  }
  const groups = new Map<string, XmlElement[]>();
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    const name = localName(child.name);
    const group = groups.get(name);
    if (group) group.push(child);
    else groups.set(name, [child]);
  }
  for (const [name, group] of groups) {
    const info = scope.child(name);
    const path = `${at}.${name}`;
    if (!info) problem(run, 'FHIR_XML_UNKNOWN_ELEMENT', `Unknown element ${name}`, path);
    else if (!info.array && group.length > 1)
      problem(run, 'FHIR_XML_CARDINALITY', `${name} may occur at most once, found ${group.length}`, path);
    else if (info.kind === 'primitive') addPrimitive(run, out, name, group, info, path);
    else {
      const value = collect(
        info.array,
        group.map((child) => convertNonPrimitive(run, child, info, path)),
      );
      if (value !== undefined) setOwn(out, name, value);
    }
  }
}

function convertNonPrimitive(run: Run, el: XmlElement, info: ElementInfo, at: string): unknown {
  if (info.kind === 'xhtml') return serializeXml(el);
  if (info.kind === 'resource') {
    const inner = el.children.filter((c): c is XmlElement => typeof c !== 'string');
    if (inner.length !== 1 || !inner[0])
      return problem(run, 'FHIR_XML_BAD_RESOURCE_WRAPPER', 'expected exactly one resource element', at);
    return convertResource(run, inner[0], at);
  }
  if (info.kind !== 'complex') return undefined;
  const out: Record<string, unknown> = {};
  fillComplex(run, out, el, info.scope, at);
  return out;
}

function addPrimitive(
  run: Run,
  out: Record<string, unknown>,
  name: string,
  group: readonly XmlElement[],
  info: ElementInfo & { kind: 'primitive' },
  at: string,
): void {
  const values: unknown[] = [];
  const extras: unknown[] = [];
  let anyValue = false;
  let anyExtra = false;
  for (const el of group) {
    const text = el.attrs.value;
    const value = text === undefined ? null : typedValue(run, text, info.primitive, at);
    const extra = primitiveExtras(run, el, at);
    anyValue ||= value !== null;
    anyExtra ||= extra !== null;
    values.push(value);
    extras.push(extra);
  }
  if (anyValue) setOwn(out, name, info.array ? values : values[0]);
  if (anyExtra) setOwn(out, `_${name}`, info.array ? extras : extras[0]);
}

function primitiveExtras(run: Run, el: XmlElement, at: string): Record<string, unknown> | null {
  const children = el.children.filter((c): c is XmlElement => typeof c !== 'string');
  if (el.attrs.id === undefined && children.length === 0) return null;
  const scope = run.model.type('Element');
  if (!scope) return problem(run, 'FHIR_XML_UNKNOWN_ELEMENT', 'no definition for Element', at) ?? null;
  const out: Record<string, unknown> = {};
  fillComplex(run, out, { name: el.name, attrs: withoutValue(el.attrs), children }, scope, at);
  return out;
}

const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const INTEGER = /^[-+]?[0-9]+$/;

function typedValue(run: Run, text: string, kind: PrimitiveKind, at: string): unknown {
  if (kind === 'string') return text;
  if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (kind === 'integer' && INTEGER.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (kind === 'decimal' && DECIMAL.test(text) && Number.isFinite(Number(text))) return Number(text);
  problem(run, 'FHIR_XML_INVALID_VALUE', `${JSON.stringify(text)} is not a valid ${kind}`, at);
  return null;
}

function withoutValue(attrs: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in attrs) if (name !== 'value') setOwn(out, name, attrs[name]);
  return out;
}

function collect(array: boolean, values: unknown[]): unknown {
  const present = values.filter((v) => v !== undefined);
  return array && present.length > 0 ? present : present[0];
}

function problem(run: Run, code: string, message: string, at?: string): undefined {
  if (run.issues.length < 20)
    run.issues.push({ code, message: at ? `${message} (at ${at})` : message, status: 422 });
  return undefined;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function namespaceOf(el: XmlElement): string | undefined {
  const colon = el.name.indexOf(':');
  return colon < 0 ? el.attrs.xmlns : el.attrs[`xmlns:${el.name.slice(0, colon)}`];
}
