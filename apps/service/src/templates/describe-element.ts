import type { ElementDefinition, TypeRef } from './template-types.js';

const FHIR_TYPE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type';
const MAX_VALUE_TEXT = 120;

export interface FixedValue {
  readonly kind: 'fixed' | 'pattern';
  readonly value: unknown;
}

/** `fixed[x]` wins over `pattern[x]`, as in the engine (mapping-language §4.1). */
export function findFixedValue(element: ElementDefinition): FixedValue | undefined {
  let pattern: FixedValue | undefined;
  for (const [key, value] of Object.entries(element)) {
    if (key.startsWith('fixed') && key.length > 5) return { kind: 'fixed', value };
    if (key.startsWith('pattern') && key.length > 7) pattern ??= { kind: 'pattern', value };
  }
  return pattern;
}

/** FHIR type code of a type entry; System types (`Element.id`, `Extension.url`) report their FHIR type. */
export function typeCode(type: TypeRef): string {
  const declared = type.extension?.find((e) => e.url === FHIR_TYPE_EXTENSION);
  const fromExtension = declared?.valueUrl ?? declared?.valueUri;
  if (fromExtension) return fromExtension;
  return type.code.startsWith('http://hl7.org/fhirpath/System.')
    ? type.code.slice(31).toLowerCase()
    : type.code;
}

/** `Reference(Patient | Group)`, `Quantity(SimpleQuantity)`, `code`. */
export function typeLabel(type: TypeRef): string {
  const targets = type.targetProfile?.length ? type.targetProfile : type.profile;
  const code = typeCode(type);
  if (!targets?.length) return code;
  return `${code}(${targets.map(lastSegment).join(' | ')})`;
}

/** The `//` comment text describing an element: cardinality, types, binding, fixed/pattern value. */
export function describeElement(element: ElementDefinition, types: readonly TypeRef[]): string[] {
  const parts = [`${element.min ?? 0}..${element.max ?? '*'}`];
  if (element.contentReference)
    parts.push(`same structure as ${element.contentReference.replace(/^.*#/, '')}`);
  else if (types.length) parts.push(types.map(typeLabel).join(' | '));
  const binding = element.binding;
  if (binding?.valueSet) parts.push(`binding ${binding.strength ?? 'unspecified'} ${binding.valueSet}`);
  const fixed = findFixedValue(element);
  if (fixed) parts.push(`${fixed.kind} ${valueText(fixed.value)} (set by the engine)`);
  return parts;
}

export function valueText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}

/** Comment text must stay on one line and must not open or close a block comment (they nest in mapx). */
export function sanitizeComment(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replaceAll('/*', '/ *')
    .replaceAll('*/', '* /');
}

function lastSegment(url: string): string {
  const bare = url.split('|')[0] ?? url;
  return bare.slice(bare.lastIndexOf('/') + 1);
}
