import type { Env } from '../runtime/policy.js';
import type { CallPlan } from '../syntax/call-plan.js';
import { compact, runBlockCall, runRuleCall, staticResults } from './call-eval.js';
import type { FlashTables } from '../compile/flash-plan.js';
import { forbiddenCheck } from './rule-eval.js';
import { callScope, ruleCtx } from './run-context.js';
import { DIRECT_CALL, type DirectCall } from '../functions/jsonata-values.js';

type Native = ((this: { environment: Env; input: unknown }, ...args: unknown[]) => unknown) & {
  /** The same call as a plain function: the synchronous form calls it without JSONata's `this` and rest array. */
  [DIRECT_CALL]?: DirectCall;
};

/** The native functions the lowered JSONata calls (`$__c<id>`, `$__fv`), bound per compiled expression. */
export function buildFlashFunctions(t: FlashTables): Record<string, Native> {
  const out: Record<string, Native> = {
    __fv() {
      return undefined;
    },
  };
  t.calls.forEach((plan, id) => (out[`__c${id}`] = nativeOf(t, plan)));
  return out;
}

function nativeOf(t: FlashTables, plan: CallPlan): Native {
  const direct = directOf(t, plan);
  const native: Native = function (...args) {
    return direct(this.environment, this.input, args);
  };
  native[DIRECT_CALL] = direct;
  return native;
}

function directOf(t: FlashTables, plan: CallPlan): DirectCall {
  switch (plan.kind) {
    case 'block':
      return (env, input, args) => runBlockCall(callScope(env, input, t), plan, args);
    case 'rule':
      return (env, input, args) => runRuleCall(callScope(env, input, t), plan, args);
    case 'static':
      return (env, input) => compact(staticResults(callScope(env, input, t), plan.rules));
    case 'forbidden':
      return (env, input) => {
        const meta = t.rules[plan.rule]!;
        forbiddenCheck(ruleCtx(callScope(env, input, t), meta), meta);
        return undefined;
      };
  }
}
