import type { Env } from '../runtime/policy.js';
import type { NativeValue, PathStep } from '../syntax/call-plan.js';
import { isFunctionValue, isSequence, settle, type Sequence } from '../functions/jsonata-values.js';

/**
 * Inline values the lowering left to native code: literals, `$var`, paths of names (`a.b`, `$v.a`, `$.a`),
 * equality and conditionals. Evaluated exactly as jsonata 2.2.2 evaluates them (evaluatePath / evaluateStep /
 * lookup, sequences and their flattening, singleton unwrapping, isDeepEqual, boolean), so the rule sees the
 * value its JSONata argument had (a function arrives as a closure, which no rule keeps: undefined).
 */
export function nativeValue(v: NativeValue, input: unknown, env: Env): unknown {
  return asArgument(evaluate(v, input, env));
}

function evaluate(v: NativeValue, input: unknown, env: Env): unknown {
  switch (v.kind) {
    case 'literal':
      return v.value;
    case 'var':
      return settle(variable(v.name, input, env));
    case 'path': {
      const direct = objectPath(v.steps, input, env);
      return direct !== ARRAY ? direct : settle(path(v.steps, input, env));
    }
    case 'eq': {
      const lhs = evaluate(v.lhs, input, env);
      const rhs = evaluate(v.rhs, input, env);
      if (lhs === undefined || rhs === undefined) return false;
      return v.op === '=' ? isDeepEqual(lhs, rhs) : !isDeepEqual(lhs, rhs);
    }
    case 'cond':
      // the condition is a comparison: a boolean, so JSONata's boolean cast is the identity
      if (evaluate(v.cond, input, env) === true) return evaluate(v.then, input, env);
      return v.else ? evaluate(v.else, input, env) : undefined;
  }
}

function isDeepEqual(lhs: unknown, rhs: unknown): boolean {
  if (lhs === rhs) return true;
  if (typeof lhs !== 'object' || typeof rhs !== 'object' || lhs === null || rhs === null) return false;
  if (Array.isArray(lhs) && Array.isArray(rhs)) {
    if (lhs.length !== rhs.length) return false;
    for (let i = 0; i < lhs.length; i++) if (!isDeepEqual(lhs[i], rhs[i])) return false;
    return true;
  }
  const lkeys = Object.getOwnPropertyNames(lhs).sort();
  const rkeys = Object.getOwnPropertyNames(rhs).sort();
  if (lkeys.length !== rkeys.length) return false;
  for (let i = 0; i < lkeys.length; i++) if (lkeys[i] !== rkeys[i]) return false;
  for (const key of lkeys) {
    if (!isDeepEqual((lhs as Record<string, unknown>)[key], (rhs as Record<string, unknown>)[key]))
      return false;
  }
  return true;
}

const ARRAY = Symbol('array');

/**
 * The common case without sequences: a path through plain objects yields the last value found, or undefined.
 * Meeting an array anywhere returns ARRAY (the caller then follows JSONata's general algorithm).
 */
function objectPath(steps: readonly PathStep[], input: unknown, env: Env): unknown {
  if (Array.isArray(input)) return ARRAY;
  let cur = input;
  let i = 0;
  if (steps[0]!.kind === 'var') {
    cur = variable(steps[0]!.name, input, env);
    if (Array.isArray(cur)) return ARRAY;
    i = 1;
  }
  for (; i < steps.length; i++) {
    if (cur === null || typeof cur !== 'object' || isFunctionValue(cur)) return undefined;
    if (Array.isArray(cur)) return ARRAY;
    const name = steps[i]!.name;
    if (!Object.hasOwn(cur, name)) return undefined;
    cur = (cur as Record<string, unknown>)[name];
    if (cur === undefined) return undefined;
    if (Array.isArray(cur)) return ARRAY;
  }
  return cur;
}

function sequence(): Sequence {
  const s: Sequence = [];
  s.sequence = true;
  return s;
}

/** A function passed to a native call arrives wrapped in a closure, which no rule keeps as a value. */
function asArgument(v: unknown): unknown {
  return isFunctionValue(v) ? undefined : v;
}

function variable(name: string, input: unknown, env: Env): unknown {
  if (name === '')
    return input && (input as { outerWrapper?: boolean }).outerWrapper ? (input as unknown[])[0] : input;
  return env.lookup(name);
}

function lookup(input: unknown, key: string): unknown {
  if (Array.isArray(input)) {
    const result = sequence();
    for (let i = 0; i < input.length; i++) {
      const res = lookup(input[i], key);
      if (res === undefined) continue;
      if (Array.isArray(res)) res.forEach((v) => result.push(v));
      else result.push(res);
    }
    return result;
  }
  if (input !== null && typeof input === 'object' && Object.hasOwn(input, key) && !isFunctionValue(input)) {
    return (input as Record<string, unknown>)[key];
  }
  return undefined;
}

function path(steps: readonly PathStep[], input: unknown, env: Env): unknown {
  let inputSequence: unknown[];
  if (Array.isArray(input) && steps[0]!.kind !== 'var') inputSequence = input;
  else {
    inputSequence = sequence();
    inputSequence.push(input);
  }
  let resultSequence: unknown[] | undefined;
  for (let i = 0; i < steps.length; i++) {
    resultSequence = step(steps[i]!, inputSequence, env, i === steps.length - 1);
    if (resultSequence.length === 0) break;
    inputSequence = resultSequence;
  }
  return resultSequence;
}

function step(s: PathStep, input: readonly unknown[], env: Env, lastStep: boolean): unknown[] {
  const result = sequence();
  for (let i = 0; i < input.length; i++) {
    const res = settle(s.kind === 'name' ? lookup(input[i], s.name) : variable(s.name, input[i], env));
    if (res !== undefined) result.push(res);
  }
  if (lastStep && result.length === 1 && Array.isArray(result[0]) && !isSequence(result[0])) {
    return result[0] as unknown[];
  }
  const out = sequence();
  result.forEach((res) => {
    if (!Array.isArray(res) || (res as Sequence).cons) out.push(res);
    else res.forEach((v) => out.push(v));
  });
  return out;
}
