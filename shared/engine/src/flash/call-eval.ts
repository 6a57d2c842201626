import type { BlockCall, RuleCall, StaticRule } from '../syntax/call-plan.js';
import { evaluateBlock } from './block-eval.js';
import type { FlashResult } from './values.js';
import { nativeValue } from './native-value.js';
import { evaluateRule, fixedRule, resultsOf } from './rule-eval.js';
import { ruleCtx, type CallScope, type RunCtx } from './run-context.js';

/** A static rule: its sub-rules first, then the rule itself (the order the JSONata calls had). */
function runStatic(sc: CallScope, s: StaticRule): FlashResult | undefined {
  const meta = sc.t.rules[s.rule]!;
  if (s.fixed) return fixedRule(ruleCtx(sc, meta), meta);
  // a new array, not a shared frozen one: frozen arrays here made the loops over results polymorphic, and V8
  // then allocated an iterator result per element once other mappings had run
  const kids = staticResults(sc, s.children);
  const inline = s.value !== undefined ? nativeValue(s.value, sc.input, sc.env) : undefined;
  return evaluateRule(sc, meta, s.value !== undefined, inline, kids);
}

/** Appends the results of static rules, in order, to `out`. */
export function runStatics(sc: CallScope, rules: readonly StaticRule[], out: FlashResult[]): FlashResult[] {
  for (const s of rules) {
    const r = runStatic(sc, s);
    if (r) out.push(r);
  }
  return out;
}

/**
 * The results of static rules, in order, in a new array of their size: most rules have one or two sub-rules, and
 * a first push onto an empty array makes room for 17.
 */
export function staticResults(sc: CallScope, rules: readonly StaticRule[]): FlashResult[] {
  switch (rules.length) {
    case 0:
      return [];
    case 1: {
      const a = runStatic(sc, rules[0]!);
      return a ? [a] : [];
    }
    case 2: {
      const a = runStatic(sc, rules[0]!);
      const b = runStatic(sc, rules[1]!);
      if (a) return b ? [a, b] : [a];
      return b ? [b] : [];
    }
    default:
      return runStatics(sc, rules, []);
  }
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
    if (levels[i]!.pre.length) (pres ??= [])[i] = staticResults(sc, levels[i]!.pre);
  }
  const meta = sc.t.rules[plan.rule]!;
  const results = resultsOf(args, plan.valueArg ? 1 : 0);
  if (plan.statics.length) runStatics(sc, plan.statics, results);
  const inline = plan.valueArg ? args[0] : plan.value && nativeValue(plan.value, sc.input, sc.env);
  const hasInline = plan.valueArg || plan.value !== undefined;
  let cur = evaluateRule(sc, meta, hasInline, inline, results);
  for (let i = 0; ; i++) {
    const level = levels[i]!;
    let list = pres?.[i];
    if (!list) list = cur ? [cur] : [];
    else if (cur) list.push(cur);
    if (level.post.length) runStatics(sc, level.post, list);
    const wrap = wraps[i];
    if (!wrap) return compact(list);
    const wmeta = sc.t.rules[wrap.rule]!;
    const winline = wrap.value && nativeValue(wrap.value, sc.input, sc.env);
    cur = evaluateRule(sc, wmeta, wrap.value !== undefined, winline, list);
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
