import type { RuleMeta } from '../compile/flash-plan.js';
import { createError, lineOf, type MapxError } from '../errors/mapx-error.js';
import type { Parsed } from '../syntax/parser.js';
import type { RuleAst } from '../syntax/ast.js';

/** A static check's warning at a rule line: its place is the rule's path (start … end of the path). */
export function atRule(
  p: Parsed,
  code: string,
  rule: RuleAst,
  leaf: RuleMeta | undefined,
  fields: Record<string, unknown>,
): MapxError {
  return createError(code, {
    ...(leaf ? { instanceOf: leaf.block.instanceOf, fhirElement: leaf.flashPath } : {}),
    rulePath: pathText(p, rule),
    ...fields,
    position: rule.pathEnd,
    start: rule.start,
    line: lineOf(p.src, rule.start),
  });
}

/** A static check's warning at a source range. */
export function atRange(
  p: Parsed,
  code: string,
  start: number,
  end: number,
  fields: Record<string, unknown>,
): MapxError {
  return createError(code, { ...fields, position: end, start, line: lineOf(p.src, start) });
}

/** The text of a rule's path as written (`code.coding.code`). */
export const pathText = (p: Parsed, rule: RuleAst): string => p.src.slice(rule.pathStart, rule.pathEnd);
