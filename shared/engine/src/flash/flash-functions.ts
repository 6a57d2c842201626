import type { Env } from '../runtime/policy.js';
import { evaluateBlock } from './block-eval.js';
import type { FlashTables, RuleMeta } from './flash-meta.js';
import { evaluateRule, fixedRule, forbiddenCheck, resultsOf } from './rule-eval.js';
import type { RunCtx } from './run-context.js';

type Native = (this: { environment: Env }, ...args: unknown[]) => unknown;

function ruleCtx(env: Env, t: FlashTables, meta: RuleMeta): RunCtx {
  return {
    env,
    t,
    block: meta.block,
    path: meta.flashPath,
    epath: meta.elementPath,
    at: { position: meta.position, start: meta.start, line: meta.line },
  };
}

/** The native functions the lowered JSONata calls (`$__fb`, `$__fr`, …), bound per compiled expression. */
export function buildFlashFunctions(t: FlashTables): Record<string, Native> {
  return {
    __fb(id, ...items) {
      const block = t.blocks[id as number]!;
      const rc: RunCtx = {
        env: this.environment,
        t,
        block,
        path: '',
        epath: '',
        at: { position: block.position, start: block.start, line: block.line },
      };
      return evaluateBlock(rc, block, resultsOf(items));
    },
    __fr(id, inline, ...children) {
      const meta = t.rules[id as number]!;
      return evaluateRule(ruleCtx(this.environment, t, meta), meta, true, inline, children);
    },
    __fn(id, ...children) {
      const meta = t.rules[id as number]!;
      return evaluateRule(ruleCtx(this.environment, t, meta), meta, false, undefined, children);
    },
    __fx(id) {
      const meta = t.rules[id as number]!;
      return fixedRule(ruleCtx(this.environment, t, meta), meta);
    },
    __ff(id) {
      const meta = t.rules[id as number]!;
      forbiddenCheck(ruleCtx(this.environment, t, meta), meta);
      return undefined;
    },
    __fv() {
      return undefined;
    },
  };
}
