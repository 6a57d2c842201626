import type { RuleMeta } from '../compile/flash-plan.js';
import type { MapxError } from '../errors/mapx-error.js';
import { isSingle } from '../flash/pending-object.js';
import type { Parsed } from '../syntax/parser.js';
import { atRule, pathText } from './finding.js';
import type { RuleEntry, Siblings } from './rule-walk.js';

/**
 * F5362: sibling rules whose flat paths share a repeating element and then part (`* name.family`,
 * `* name.given`): each rule builds its own entry of the repeating element (`name: [{family}, {given}]`), where
 * the author almost surely meant one. Identical paths (`* identifier.value` twice) are taken as meant: two entries.
 */
export function separateEntries(p: Parsed, list: Siblings): MapxError[] {
  const out: MapxError[] = [];
  // one earlier rule per distinct path: the comparisons are bounded by the element tree, not the rule count
  const seen = new Map<string, RuleEntry>();
  for (const e of list.entries) {
    if (!e || e.rule.context || e.metas.length !== e.rule.path.length) continue;
    let other: RuleEntry | undefined;
    for (const s of seen.values()) {
      if (sharedRepeating(s.metas, e.metas) === undefined) continue;
      other = s;
      break;
    }
    const key = e.metas.map((m) => m.key).join('.');
    if (!seen.has(key)) seen.set(key, e);
    if (!other) continue;
    const r = sharedRepeating(other.metas, e.metas)!;
    // nest under the whole shared prefix: a repeating element further down would split the entries again
    const last = sharedPrefix(other.metas, e.metas) - 1;
    const nest = p.src.slice(e.rule.path[0]!.start, e.rule.path[last]!.end);
    out.push(
      atRule(p, 'F5362', e.rule, e.metas[e.metas.length - 1], {
        element: e.metas[r]!.flashPath,
        earlierLine: other.rule.line,
        earlierRule: pathText(p, other.rule),
        nest,
        firstChild: restText(p, other, last),
        secondChild: restText(p, e, last),
      }),
    );
  }
  return out;
}

/** Index of the first repeating segment both paths go through and then leave by different children. */
function sharedRepeating(a: RuleMeta[], b: RuleMeta[]): number | undefined {
  const n = Math.min(a.length, b.length) - 1;
  for (let i = 0; i < n; i++) {
    if (a[i]!.key !== b[i]!.key) return undefined;
    if (isSingle(a[i]!.el)) continue;
    return a.length === b.length && samePath(a, b) ? undefined : i;
  }
  return undefined;
}

/** Segments both paths share, short of the last segment of either (each keeps a child to nest). */
function sharedPrefix(a: RuleMeta[], b: RuleMeta[]): number {
  const n = Math.min(a.length, b.length) - 1;
  let i = 0;
  while (i < n && a[i]!.key === b[i]!.key) i++;
  return i;
}

const samePath = (a: RuleMeta[], b: RuleMeta[]): boolean => a.every((m, i) => m.key === b[i]!.key);

/** The path after segment `r` as written (`family` of `name.family`). */
const restText = (p: Parsed, e: RuleEntry, r: number): string =>
  p.src.slice(e.rule.path[r + 1]!.start, e.rule.pathEnd);
