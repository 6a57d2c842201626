import type { MapxError } from '../errors/mapx-error.js';
import { isSingle } from '../flash/pending-object.js';
import { isNoValue } from '../flash/primitives.js';
import type { Parsed } from '../syntax/parser.js';
import { atRule, pathText } from './finding.js';
import { literalOf } from './literal-of.js';
import { fullPath, type BlockWalk, type RuleEntry } from './rule-walk.js';

/**
 * F5361: a later rule gives a literal to a single-valued primitive that an earlier rule already set, so the
 * earlier value can never appear (later values win, §4.5). Only certain cases warn: no context on either rule
 * (a context may select nothing) and every element on the way single-valued (a repeating one makes entries).
 * A later non-literal value may be empty at run time (the earlier one then stays): a fallback, not a mistake.
 */
export function replacedValues(p: Parsed, walk: BlockWalk): MapxError[] {
  const firstByPath = new Map<string, RuleEntry>();
  const out: MapxError[] = [];
  for (const e of walk.rules) {
    if (!assignsSinglePrimitive(e)) continue;
    const path = e.metas[e.metas.length - 1]!.elementPath;
    const earlier = firstByPath.get(path);
    if (!earlier) {
      firstByPath.set(path, e);
      continue;
    }
    const lit = literalOf(p, e.rule.value);
    if (!lit || isNoValue(lit.value)) continue;
    out.push(
      atRule(p, 'F5361', e.rule, e.metas[e.metas.length - 1], {
        value: lit.value,
        earlierLine: earlier.rule.line,
        earlierRule: pathText(p, earlier.rule),
      }),
    );
  }
  return out;
}

function assignsSinglePrimitive(e: RuleEntry): boolean {
  if (e.underContext || !e.rule.value || e.metas.length !== e.rule.path.length) return false;
  const path = fullPath(e);
  const leaf = path[path.length - 1]!;
  if (leaf.el.kind !== 'primitive-type' && leaf.el.kind !== 'system') return false;
  return path.every((m) => isSingle(m.el));
}
