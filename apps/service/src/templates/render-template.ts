import { sanitizeComment } from './describe-element.js';
import { buildElementTree } from './element-tree.js';
import { renderChildren, type RenderSettings } from './render-elements.js';
import type { StructureDefinition, TemplateKind } from './template-types.js';

export interface TemplateInfo {
  /** Category from `$list`, when known. */
  readonly kind?: TemplateKind | undefined;
  /** `name#version` of the package the definition came from, when known. */
  readonly packageLabel?: string | undefined;
}

export const DEFAULT_TEMPLATE_DEPTH = 3;

const LEGEND = [
  'How to use: live rules (no leading //) are mandatory elements; replace each placeholder',
  "('' or an empty path-only rule) with a mapping expression. Commented rules are optional:",
  "remove the leading '// ' to use one (its parent rule must be live too). Fixed and pattern values",
  'are set by the engine and are shown only as comments.',
];

/** Builds a FLASH template (mapx source) for one StructureDefinition snapshot. */
export function renderTemplate(
  sd: StructureDefinition,
  info: TemplateInfo = {},
  maxDepth: number = DEFAULT_TEMPLATE_DEPTH,
): string {
  const lines = [...headerLines(sd, info), `InstanceOf: ${sd.id ?? sd.url}`];
  const root = buildElementTree(sd.snapshot?.element ?? []);
  if (sd.kind === 'primitive-type') {
    lines.push(
      '// A primitive type has no element rules: give the block an inline value expression instead.',
    );
  } else if (root) {
    const settings: RenderSettings = { maxDepth, isResource: sd.kind === 'resource' };
    renderChildren(root, true, settings, lines);
  }
  return `${lines.join('\n')}\n`;
}

function headerLines(sd: StructureDefinition, info: TemplateInfo): string[] {
  const canonical = sd.version ? `${sd.url}|${sd.version}` : sd.url;
  const fields: [string, string | undefined][] = [
    ['Template for', sd.title ?? sd.name ?? sd.id],
    ['Kind', info.kind ?? sd.kind],
    ['Type', sd.type],
    ['Canonical', canonical],
    ['Base', sd.baseDefinition],
    ['Package', info.packageLabel],
  ];
  const header = fields.filter((field): field is [string, string] => Boolean(field[1]));
  return [
    ...header.map(([label, value]) => `// ${label}: ${sanitizeComment(value)}`),
    ...LEGEND.map((l) => `// ${l}`),
  ];
}
