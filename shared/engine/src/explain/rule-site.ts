import type { BlockMeta, RuleMeta } from '../compile/flash-plan.js';

/** Where a rule is written, as the explain report names it. */
export interface RuleSite {
  line: number;
  column: number;
  /** The rule's FHIR path from its block's root (`code.coding.code`). */
  path: string;
  instanceOf: string;
  /** The rule's source line, trimmed (at most 200 characters). */
  text: string;
}

const MAX_TEXT = 200;

/** A block's own place (its `InstanceOf:` line): for `resourceType`, `meta.profile` and fixed values. */
export function blockSite(source: string, block: BlockMeta): RuleSite {
  return { ...siteAt(source, block.at.start, block.at.line), path: '', instanceOf: block.instanceOf };
}

export function ruleSite(source: string, meta: RuleMeta): RuleSite {
  return {
    ...siteAt(source, meta.at.start, meta.at.line),
    path: meta.flashPath,
    instanceOf: meta.block.instanceOf,
  };
}

function siteAt(source: string, start: number, line: number): { line: number; column: number; text: string } {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = source.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = source.length;
  return {
    line,
    column: start - lineStart + 1,
    text: source.slice(lineStart, lineEnd).trim().slice(0, MAX_TEXT),
  };
}

/** The rule's path as it shows in JSON output: slice names dropped (`component[Systolic].valueQuantity`). */
export function jsonPathOf(meta: RuleMeta): string {
  return meta.elementPath.replace(/\[[^\]]*\]/g, '');
}
