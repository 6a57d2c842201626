import { createError } from '../errors/mapx-error.js';
import { STATE_BINDING, type EvalState } from './policy.js';
import { syncRun } from './sync-run.js';

interface Frame {
  lookup(name: string): unknown;
}

/**
 * Cooperative scheduling and the time limit: JSONata awaits `__evaluate_entry` on every node, but awaiting a plain
 * value only queues a microtask, so a busy evaluation would starve I/O. Every 1024 nodes we check the evaluation's
 * deadline (D1012 once it passed) and, when 10 ms passed since the last macrotask turn, yield with setImmediate so
 * other requests progress. JSONata's own `timeout` option would read the clock at every node instead.
 */
let nodes = 0;
let lastYield = performance.now();

export function evaluateEntry(environment: Frame): Promise<void> | undefined {
  if ((++nodes & 1023) !== 0) return undefined;
  const state = environment.lookup(STATE_BINDING) as EvalState | undefined;
  if (state?.deadline !== undefined && Date.now() > state.deadline)
    throw { code: 'D1012', value: state.timeoutMs, stack: new Error().stack };
  // a synchronous run (sync-run.ts) cannot wait, and has its thread to itself
  if (syncRun.active) return undefined;
  const now = performance.now();
  if (now - lastYield < 10) return undefined;
  return new Promise((resolve) => {
    setImmediate(() => {
      lastYield = performance.now();
      resolve();
    });
  });
}

/** Screens a regex for shapes that can backtrack exponentially: a quantified group holding a quantifier. */
export function isCatastrophicRegex(pattern: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === ')') {
      const inner = groups.pop() ?? false;
      const next = pattern[i + 1];
      const quantified =
        next === '*' || next === '+' || (next === '{' && /^\{\d*,\d*\}/.test(pattern.slice(i + 1)));
      if (inner && quantified) return true;
      if (groups.length && (inner || quantified)) groups[groups.length - 1] = true;
    } else if (
      (c === '*' || c === '+' || (c === '{' && /^\{\d*,\}/.test(pattern.slice(i)))) &&
      groups.length
    ) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** Throws L1001 for a pattern of a catastrophic shape: every pattern compiled from a string passes here. */
export function screenPattern(source: string): void {
  if (isCatastrophicRegex(source)) throw createError('L1001', { value: source });
}

/** The RegExp constructor JSONata uses for regex literals: refuses catastrophic shapes (L1001). */
export function SafeRegExp(this: unknown, pattern: RegExp | string, flags?: string): RegExp {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  screenPattern(source);
  return new RegExp(pattern, flags ?? (typeof pattern === 'string' ? undefined : pattern.flags));
}
