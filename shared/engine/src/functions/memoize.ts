import { functionError } from './function-error.js';
import type { FunctionCallContext } from './function-types.js';
import { invokeFunction, invokeFunctionNow } from './invoke-function.js';
import { syncRun } from '../runtime/sync-run.js';
import { functionArity, isFunctionValue } from './jsonata-values.js';

/** Type-tagged, key-sorted serialisation of an argument list; undefined when it holds a function/symbol. */
export function memoKey(value: unknown): string | undefined {
  if (value === undefined) return 'u';
  if (value === null) return 'z';
  if (typeof value === 'symbol' || isFunctionValue(value)) return undefined;
  if (typeof value === 'number') return `n${String(value)}`;
  if (typeof value === 'string') return `s${JSON.stringify(value)}`;
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) {
      const k = memoKey(item);
      if (k === undefined) return undefined;
      parts.push(k);
    }
    return `[${parts.join(',')}]`;
  }
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(obj).sort()) {
      const k = memoKey(obj[key]);
      if (k === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${k}`);
    }
    return `{${parts.join(',')}}`;
  }
  return `?${String(value)}`;
}

/**
 * `$memoize(fn)`: results cached per wrapper; concurrent identical calls share one promise; failures not cached.
 * In a synchronous run (runtime/sync-run.ts) the wrapper answers with the value itself: a wrapper lives within the
 * evaluation that made it, and a run is synchronous from its start to its end.
 */
export function memoizeFunction(
  ctx: FunctionCallContext,
  fn: unknown,
): (...args: unknown[]) => Promise<unknown> | unknown {
  const cache = new Map<string, Promise<unknown>>();
  const values = new Map<string, unknown>();
  const wrapper = (...args: unknown[]): Promise<unknown> | unknown => {
    const key = memoKey(args);
    if (syncRun.active) {
      if (key === undefined) throw functionError('D3142', { token: 'memoize' });
      if (values.has(key)) return values.get(key);
      const value = invokeFunctionNow(ctx, fn, args);
      values.set(key, value);
      return value;
    }
    if (key === undefined) return Promise.reject(functionError('D3142', { token: 'memoize' }));
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = invokeFunction(ctx, fn, args);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    return pending;
  };
  return Object.assign(wrapper, { arity: functionArity(fn) });
}
