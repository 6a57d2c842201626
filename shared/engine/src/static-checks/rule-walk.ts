import type { RuleMeta } from '../compile/flash-plan.js';
import type { BlockAst, ExprAst, ItemAst, RuleAst } from '../syntax/ast.js';

/** One rule line with what the resolver made of its path segments. */
export interface RuleEntry {
  rule: RuleAst;
  /** One per path segment, in order (`code.coding.code` → three). */
  metas: RuleMeta[];
  /** The rule or one of its ancestors has a context `(expr).path`: it runs once per context item, or never. */
  underContext: boolean;
  /** Element metas from the block root to this rule's parent (the ancestors' segments). */
  ancestors: RuleMeta[];
}

/** A list of sibling items (a block's rules or a rule's sub-rules). */
export interface Siblings {
  items: ItemAst[];
  entries: (RuleEntry | undefined)[];
}

export interface BlockWalk {
  block: BlockAst;
  /** Every rule of the block, nested ones included, in source order. */
  rules: RuleEntry[];
  lists: Siblings[];
}

/** The rule metas of each rule line, found by the line's start offset (the resolver stamps it on every segment). */
export function metasByStart(rules: readonly RuleMeta[]): Map<number, RuleMeta[]> {
  const out = new Map<number, RuleMeta[]>();
  for (const m of rules) {
    const list = out.get(m.start);
    if (list) list.push(m);
    else out.set(m.start, [m]);
  }
  return out;
}

/** Every FLASH block of an expression (nested blocks in values, contexts and variable lines included). */
export function walkBlocks(root: ExprAst, byStart: Map<number, RuleMeta[]>): BlockWalk[] {
  const out: BlockWalk[] = [];
  const visitExpr = (e: ExprAst | undefined): void => {
    if (!e) return;
    for (const p of e.pieces) if (p.kind === 'block') visitBlock(p.block);
  };
  const visitBlock = (block: BlockAst): void => {
    const walk: BlockWalk = { block, rules: [], lists: [] };
    out.push(walk);
    visitExpr(block.instance);
    const visitList = (items: ItemAst[], ancestors: RuleMeta[], ctx: boolean): void => {
      const entries = items.map((item): RuleEntry | undefined => {
        if (item.kind === 'var') {
          visitExpr(item.expr);
          return undefined;
        }
        visitExpr(item.context);
        visitExpr(item.value);
        const metas = (byStart.get(item.start) ?? []).slice(0, item.path.length);
        const entry: RuleEntry = { rule: item, metas, underContext: ctx || !!item.context, ancestors };
        walk.rules.push(entry);
        if (metas.length === item.path.length)
          visitList(item.children, [...ancestors, ...metas], entry.underContext);
        return entry;
      });
      walk.lists.push({ items, entries });
    };
    visitList(block.items, [], false);
  };
  visitExpr(root);
  return out;
}

/** The element metas from the block root to the rule's last segment. */
export const fullPath = (e: RuleEntry): RuleMeta[] => [...e.ancestors, ...e.metas];
