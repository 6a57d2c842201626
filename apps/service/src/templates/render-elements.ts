import { describeElement, findFixedValue, sanitizeComment, typeCode, valueText } from './describe-element.js';
import type { ElementNode } from './element-tree.js';
import { choiceJsonName, flashName, isChoiceName, isWritableSliceName } from './flash-path.js';
import type { ElementDefinition, TypeRef } from './template-types.js';

export interface RenderSettings {
  /** Optional elements deeper than this many path segments are left out (mandatory chains never are). */
  readonly maxDepth: number;
  /** Whether root-level resource housekeeping elements (meta, text, …) are candidates for skipping. */
  readonly isResource: boolean;
}

/** Left out at every level unless constrained (sliced, mandatory or fixed): FLASH handles them on its own. */
const ALWAYS_SKIPPED = new Set(['id', 'extension', 'modifierExtension']);
const ROOT_SKIPPED = new Set(['meta', 'implicitRules', 'text', 'contained']);
/** Above this many allowed types a choice lists the first ones as rules and names the rest in a comment. */
const MAX_CHOICE_LINES = 12;
const AUTO_FILLED = 'mandatory; its required content is fixed and added by the engine';

interface Variant {
  readonly path: string;
  readonly types: readonly TypeRef[];
  readonly notes: readonly string[];
}

/** Renders the rules for every child of `parent` (and, recursively, theirs) into `out`. */
export function renderChildren(
  parent: ElementNode,
  parentLive: boolean,
  settings: RenderSettings,
  out: string[],
) {
  for (const child of parent.children) renderNode(child, parentLive, settings, out);
}

function renderNode(node: ElementNode, parentLive: boolean, settings: RenderSettings, out: string[]): void {
  if (node.element.max === '0') return;
  const constrained = node.slices.length > 0 || (node.element.min ?? 0) > 0 || findFixedValue(node.element);
  if (isHousekeeping(node, settings) && !constrained) return;
  const skipHead = node.name === 'extension' || node.name === 'modifierExtension';
  if (!(skipHead && node.slices.length > 0)) renderElement(node, parentLive, settings, out);
  for (const slice of node.slices) renderSlice(node, slice, parentLive, settings, out);
}

function isHousekeeping(node: ElementNode, settings: RenderSettings): boolean {
  if (ALWAYS_SKIPPED.has(node.name)) return true;
  return settings.isResource && node.depth === 1 && ROOT_SKIPPED.has(node.name);
}

function renderElement(
  node: ElementNode,
  parentLive: boolean,
  settings: RenderSettings,
  out: string[],
): void {
  const variants = elementVariants(node);
  const live = parentLive && variants.length === 1 && isLive(node);
  if (!live && node.depth > settings.maxDepth) return;
  const lead = variants.length > 1 ? [choiceNote(variants)] : [];
  variants.slice(0, MAX_CHOICE_LINES).forEach((variant, index) => {
    const notes = index === 0 ? [...lead, ...variant.notes] : variant.notes;
    out.push(ruleLine(node, { ...variant, notes }, live));
  });
  if (variants.length === 1 && !findFixedValue(node.element)) renderChildren(node, live, settings, out);
}

function renderSlice(
  head: ElementNode,
  slice: ElementNode,
  parentLive: boolean,
  settings: RenderSettings,
  out: string[],
): void {
  const sliceName = slice.sliceName ?? '';
  if (slice.element.max === '0' || !isWritableSliceName(sliceName)) {
    if (slice.element.max !== '0' && slice.depth <= settings.maxDepth)
      out.push(unwritableSliceLine(head, slice));
    return;
  }
  renderElement(slice, parentLive, settings, out);
}

/** Mandatory, nothing fixed by the profile, and (for a sliced element) not already covered by its slices. */
function isLive(node: ElementNode): boolean {
  return (node.element.min ?? 0) > 0 && !findFixedValue(node.element) && !coveredBySlices(node);
}

function coveredBySlices(node: ElementNode): boolean {
  const sliceMin = node.slices.reduce((sum, slice) => sum + (slice.element.min ?? 0), 0);
  return node.slices.length > 0 && sliceMin >= (node.element.min ?? 0);
}

/**
 * Whether the engine builds the element on its own (mapping-language §5.1): it is fixed, or all of its mandatory
 * content is. Such elements stay live but need no placeholder.
 */
function isAutoFilled(node: ElementNode): boolean {
  if (findFixedValue(node.element)) return true;
  const parts = node.children.flatMap((child) => [
    ...((child.element.min ?? 0) > 0 && !coveredBySlices(child) ? [child] : []),
    ...child.slices.filter((slice) => (slice.element.min ?? 0) > 0),
  ]);
  return parts.length > 0 && parts.every(isAutoFilled);
}

function statusNote(node: ElementNode, live: boolean): string[] {
  if (live) return [isAutoFilled(node) ? AUTO_FILLED : 'TODO: mandatory, replace the placeholder'];
  if ((node.element.min ?? 0) === 0) return [];
  return [coveredBySlices(node) ? 'mandatory, satisfied by its slices' : 'mandatory'];
}

/** One rule per allowed type for a choice element not narrowed to a single type, else exactly one rule. */
function elementVariants(node: ElementNode): Variant[] {
  const types = node.element.type ?? [];
  const baseNotes = node.sliceName === undefined ? [] : [`slice ${node.sliceName}`];
  if (node.sliceName !== undefined) return [{ path: slicePath(node), types, notes: baseNotes }];
  if (!isChoiceName(node.name)) return [{ path: flashName(node.name), types, notes: baseNotes }];
  const sliced = new Set(node.slices.map((slice) => slice.sliceName));
  return types
    .map((type) => ({ path: choiceJsonName(node.name, typeCode(type)), types: [type], notes: baseNotes }))
    .filter((variant) => !sliced.has(variant.path));
}

function slicePath(node: ElementNode): string {
  const sliceName = node.sliceName ?? '';
  if (!isChoiceName(node.name)) return `${flashName(node.name)}[${sliceName}]`;
  const typeSlice = (node.element.type ?? []).some(
    (t) => choiceJsonName(node.name, typeCode(t)) === sliceName,
  );
  return typeSlice ? sliceName : `${node.name.slice(0, -3)}[${sliceName}]`;
}

function choiceNote(variants: readonly Variant[]): string {
  if (variants.length > MAX_CHOICE_LINES) {
    return `choice of ${variants.length} types, the first ${MAX_CHOICE_LINES} are listed; any <name><Type> allowed by the definition works`;
  }
  return `choice: use one of ${variants.map((variant) => variant.path).join(', ')}`;
}

function ruleLine(node: ElementNode, variant: Variant, live: boolean): string {
  const element = node.element;
  const comment = [...statusNote(node, live), ...variant.notes, ...describeElement(element, variant.types)];
  const rule = `* ${variant.path}${assignment(element, variant.types)}`;
  const indent = '  '.repeat(Math.max(0, node.depth - 1));
  return `${indent}${live ? '' : '// '}${rule}  // ${sanitizeComment(comment.join(' | '))}`;
}

/** `= ''` for primitives (a placeholder to replace), the literal for a fixed primitive, nothing for objects. */
function assignment(element: ElementDefinition, types: readonly TypeRef[]): string {
  if (element.contentReference || types.length !== 1 || !types[0] || !isPrimitive(types[0])) return '';
  const fixed = findFixedValue(element);
  if (fixed && ['string', 'number', 'boolean'].includes(typeof fixed.value))
    return ` = ${valueText(fixed.value)}`;
  return fixed ? '' : ` = ''`;
}

function isPrimitive(type: TypeRef): boolean {
  const code = typeCode(type);
  return /^[a-z]/.test(code);
}

function unwritableSliceLine(head: ElementNode, slice: ElementNode): string {
  const indent = '  '.repeat(Math.max(0, slice.depth - 1));
  const text = `slice ${head.name}:${slice.sliceName ?? ''} cannot be addressed by name in FLASH (re-slice or unusual name)`;
  return `${indent}// ${sanitizeComment(text)}`;
}
