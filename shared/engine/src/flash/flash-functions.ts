import type { Env } from '../runtime/policy.js';
import type { CallPlan } from '../syntax/call-plan.js';
import { compact, ruleCtx, runBlockCall, runRuleCall, runStatics } from './call-eval.js';
import type { FlashTables } from '../compile/flash-plan.js';
import { forbiddenCheck } from './rule-eval.js';
import { callScope } from './run-context.js';

type Native = (this: { environment: Env; input: unknown }, ...args: unknown[]) => unknown;

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
  switch (plan.kind) {
    case 'block':
      return function (...args) {
        return runBlockCall(callScope(this.environment, this.input, t), plan, args);
      };
    case 'rule':
      return function (...args) {
        return runRuleCall(callScope(this.environment, this.input, t), plan, args);
      };
    case 'static':
      return function () {
        return compact(runStatics(callScope(this.environment, this.input, t), plan.rules, []));
      };
    case 'forbidden':
      return function () {
        const meta = t.rules[plan.rule]!;
        forbiddenCheck(ruleCtx(callScope(this.environment, this.input, t), meta), meta);
        return undefined;
      };
  }
}
