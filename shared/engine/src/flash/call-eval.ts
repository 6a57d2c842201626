import type { BlockCall, RuleCall, StaticRule } from '../syntax/call-plan.js';
import { evaluateBlock } from './block-eval.js';
import type { RuleMeta } from '../compile/flash-plan.js';
import type { FlashResult } from './values.js';
import { nativeValue } from './native-value.js';
import { evaluateRule, fixedRule, resultsOf } from './rule-eval.js';
import type { CallScope, RunCtx } from './run-context.js';

export function ruleCtx(s: CallScope, meta: RuleMeta): RunCtx {
  return {
    env: s.env,
    input: s.input,
    t: s.t,
    vl: s.vl,
    block: meta.block,
    path: meta.flashPath,
    epath: meta.elementPath,
    at: meta.at,
  };
}

/** A static rule: its sub-rules first, then the rule itself (the order the JSONata calls had). */
function runStatic(sc: CallScope, s: StaticRule, out: FlashResult[]): void {
  const meta = sc.t.rules[s.rule]!;
  let r: FlashResult | undefined;
  if (s.fixed) r = fixedRule(ruleCtx(sc, meta), meta);
  else {
    // a new empty array, not a shared frozen one: frozen arrays here made the loops over results polymorphic, and
    // V8 then allocated an iterator result per element once other mappings had run
    const kids = s.children.length ? runStatics(sc, s.children, []) : [];
    const inline = s.value !== undefined ? nativeValue(s.value, sc.input, sc.env) : undefined;
    r = evaluateRule(ruleCtx(sc, meta), meta, s.value !== undefined, inline, kids);
  }
  if (r) out.push(r);
}

/** Appends the results of static rules, in order, to `out`. */
export function runStatics(sc: CallScope, rules: readonly StaticRule[], out: FlashResult[]): FlashResult[] {
  for (const s of rules) runStatic(sc, s, out);
  return out;
}

/** What a call hands back to JSONata: nothing, one result, or several (its parent flattens them). */
export function compact(results: FlashResult[]): FlashResult | FlashResult[] | undefined {
  return results.length > 1 ? results : results[0];
}

/**
 * A rule call: static siblings deferred to it run first (outermost first, as they came first in the source),
 * then the rule, then each level's following siblings and the parent rule it stands for.
 */
export function runRuleCall(sc: CallScope, plan: RuleCall, args: unknown[]): unknown {
  const { levels, wraps } = plan;
  let pres: FlashResult[][] | undefined;
  for (let i = levels.length - 1; i >= 0; i--) {
    if (levels[i]!.pre.length) (pres ??= [])[i] = runStatics(sc, levels[i]!.pre, []);
  }
  const meta = sc.t.rules[plan.rule]!;
  const results = resultsOf(args, plan.valueArg ? 1 : 0);
  if (plan.statics.length) runStatics(sc, plan.statics, results);
  const inline = plan.valueArg ? args[0] : plan.value && nativeValue(plan.value, sc.input, sc.env);
  const hasInline = plan.valueArg || plan.value !== undefined;
  let cur = evaluateRule(ruleCtx(sc, meta), meta, hasInline, inline, results);
  for (let i = 0; ; i++) {
    const level = levels[i]!;
    const list = pres?.[i] ?? [];
    if (cur) list.push(cur);
    if (level.post.length) runStatics(sc, level.post, list);
    const wrap = wraps[i];
    if (!wrap) return compact(list);
    const wmeta = sc.t.rules[wrap.rule]!;
    const winline = wrap.value && nativeValue(wrap.value, sc.input, sc.env);
    cur = evaluateRule(ruleCtx(sc, wmeta), wmeta, wrap.value !== undefined, winline, list);
  }
}

export function runBlockCall(sc: CallScope, plan: BlockCall, args: unknown[]): unknown {
  const block = sc.t.blocks[plan.block]!;
  const rc: RunCtx = {
    env: sc.env,
    input: sc.input,
    t: sc.t,
    vl: sc.vl,
    block,
    path: '',
    epath: '',
    at: block.at,
  };
  return evaluateBlock(rc, block, resultsOf(args));
}
