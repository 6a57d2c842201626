import { jsonata, type JsonataExpression } from '../runtime/jsonata-module.js';
import { jsonataSync } from '../runtime/jsonata-sync.js';
import { needsAsync } from '../runtime/sync-run.js';
import type { FunctionCallContext } from './function-types.js';

const callers = new Map<number, JsonataExpression>();
const syncCallers = new Map<number, JsonataExpression>();

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
  return callerFor(callers, jsonata, args.length).evaluate(undefined, bindingsOf(fn, args));
}

/** The same in a synchronous run (runtime/sync-run.ts), by the synchronous JSONata: the value itself. */
export function invokeFunctionNow(ctx: FunctionCallContext, fn: unknown, args: readonly unknown[]): unknown {
  const sync = jsonataSync();
  if (ctx.invoke || !sync) throw needsAsync();
  return callerFor(syncCallers, sync, args.length).evaluate(undefined, bindingsOf(fn, args)) as unknown;
}

function bindingsOf(fn: unknown, args: readonly unknown[]): Record<string, unknown> {
  const bindings: Record<string, unknown> = { f: fn };
  args.forEach((arg, i) => (bindings[`a${i}`] = arg));
  return bindings;
}

function callerFor(
  cache: Map<number, JsonataExpression>,
  compile: (text: string) => JsonataExpression,
  arity: number,
): JsonataExpression {
  let expr = cache.get(arity);
  if (!expr) {
    const params = Array.from({ length: arity }, (_, i) => `$a${i}`).join(', ');
    expr = compile(`$f(${params})`);
    cache.set(arity, expr);
  }
  return expr;
}
