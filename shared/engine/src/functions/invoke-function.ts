import { jsonata, type JsonataExpression } from '../runtime/jsonata-module.js';
import type { FunctionCallContext } from './function-types.js';

const callers = new Map<number, JsonataExpression>();

/**
 * Calls a JSONata function value through JSONata itself, so that lambdas (with their closures and
 * signatures), built-ins and native functions all behave exactly as in `$f(a, b)`. One tiny compiled
 * expression per arity is reused.
 */
export async function invokeFunction(
  ctx: FunctionCallContext,
  fn: unknown,
  args: readonly unknown[],
): Promise<unknown> {
  if (ctx.invoke) return ctx.invoke(fn, args);
  const bindings: Record<string, unknown> = { f: fn };
  args.forEach((arg, i) => (bindings[`a${i}`] = arg));
  return callerFor(args.length).evaluate(undefined, bindings);
}

function callerFor(arity: number): JsonataExpression {
  let expr = callers.get(arity);
  if (!expr) {
    const params = Array.from({ length: arity }, (_, i) => `$a${i}`).join(', ');
    expr = jsonata(`$f(${params})`);
    callers.set(arity, expr);
  }
  return expr;
}
