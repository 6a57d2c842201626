/** Helpers that treat values the way JSONata does (functions, sequences, effective booleans). */
import { isFunctionValue } from '../runtime/function-value.js';
import type { Env } from '../runtime/policy.js';

/**
 * Where a native function's implementation carries it, the same call as a plain function of the environment, the
 * input and the arguments: the synchronous form calls that instead of making JSONata's `this` object (FLASH's
 * native calls). A symbol, so that no function of a plugin or an input can carry it by chance.
 */
export const DIRECT_CALL: unique symbol = Symbol('mapx direct call');

/** What an implementation carries under `DIRECT_CALL`. */
export type DirectCall = (environment: Env, input: unknown, args: unknown[]) => unknown;

interface JsonataFunctionLike {
  implementation?: (...args: unknown[]) => unknown;
  arguments?: unknown[];
  arity?: number;
}

export { isFunctionValue };

/** Number of parameters a function value declares (JSONata's own rule for higher-order calls). */
export function functionArity(fn: unknown): number {
  const f = fn as JsonataFunctionLike & { length?: number };
  if (typeof f.arity === 'number') return f.arity;
  if (typeof f.implementation === 'function') return f.implementation.length;
  if (typeof fn === 'function') return (fn as (...a: unknown[]) => unknown).length;
  return Array.isArray(f.arguments) ? f.arguments.length : 1;
}

/** The arguments JSONata passes to a callback `(value, index?, array?)`: as many as it declares, at least one. */
export function callbackArgs(
  fn: unknown,
  value: unknown,
  index: number,
  array: readonly unknown[],
): unknown[] {
  const arity = functionArity(fn);
  if (arity >= 3) return [value, index, array];
  if (arity === 2) return [value, index];
  return [value];
}

/** JSONata's effective boolean value (`$boolean`). */
export function toBoolean(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (Array.isArray(v)) return v.some((item) => toBoolean(item));
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'boolean') return v;
  if (typeof v === 'object' && !isFunctionValue(v)) return Object.keys(v).length > 0;
  return false;
}

/** A JSONata result sequence: one item collapses to the item, none to undefined (like `$map`). */
export function toSequence(items: unknown[]): unknown[] {
  Object.defineProperty(items, 'sequence', { value: true, enumerable: false });
  return items;
}

/** Treats a non-array as a one-item array and undefined as empty (JSONata's argument convention). */
export function asArray(v: unknown): unknown[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isFunctionValue(v);
}

/** JSONata's sequence: an array flagged as one, flattened and unwrapped as it travels (jsonata 2.2.2). */
export type Sequence = unknown[] & {
  sequence?: boolean;
  keepSingleton?: boolean;
  tupleStream?: boolean;
  cons?: boolean;
};

export function isSequence(v: unknown): v is Sequence {
  return Array.isArray(v) && (v as Sequence).sequence === true;
}

/** What JSONata does with every node's result: an empty sequence is no value, a singleton its item. */
export function settle(result: unknown): unknown {
  if (result && isSequence(result) && !result.tupleStream) {
    if (result.length === 0) return undefined;
    if (result.length === 1) return result.keepSingleton ? result : result[0];
  }
  return result;
}
