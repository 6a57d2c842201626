import { UNSURE, unsure } from './values.js';
import type { Env } from '../runtime/policy.js';
import { checkedArguments, type Signature } from '../runtime/signature-check.js';
import { DIRECT_CALL, type DirectCall } from '../functions/jsonata-values.js';

/** A JSONata function value as `registerFunction` makes it. */
export interface FunctionValue {
  implementation: ((...args: unknown[]) => unknown) & {
    /** FLASH's native calls: the same call without a `this` object (flash/flash-functions.ts). */
    [DIRECT_CALL]?: DirectCall;
  };
  signature?: Signature;
  token?: unknown;
  position?: unknown;
}

/** JSONata's evaluateFunction, apply and applyInner for a native function value, with their error stamps. */
export function apply(
  proc: FunctionValue,
  fname: string,
  position: unknown,
  args: unknown[],
  input: unknown,
  frame: Env,
): unknown {
  let result: unknown;
  try {
    proc.token = fname;
    proc.position = position;
    try {
      const validated = proc.signature ? checkedArguments(proc.signature, args, input) : args;
      const impl = proc.implementation;
      const direct = impl[DIRECT_CALL];
      result = direct
        ? direct(frame, input, validated)
        : impl.apply({ environment: frame, input }, validated);
    } catch (err) {
      if (isObject(err)) {
        if (err['token'] === undefined && proc.token !== undefined) err['token'] = proc.token;
        err['position'] = proc.position || err['position'];
      }
      throw err;
    }
  } catch (err) {
    if (err !== UNSURE && isObject(err)) {
      if (!err['position']) err['position'] = position;
      if (!err['token']) err['token'] = fname;
    }
    throw err;
  }
  if (result instanceof Promise) {
    result.catch(() => undefined);
    return unsure();
  }
  // a generator (JSONata would take its first value) or a tail call: JSONata's to run
  if (isObject(result) && (typeof result['next'] === 'function' || result['thunk'] === true)) return unsure();
  return result;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}
