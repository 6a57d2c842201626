import type { ProgramRun, Eval } from './program-run.js';
import type { Env } from '../runtime/policy.js';
import { isSequence } from '../functions/jsonata-values.js';

/** JSONata's evaluateStep, without sorts or stages: the step over each item, the results flattened one level. */
export function step(s: Eval, input: unknown, frame: Env, run: ProgramRun, lastStep: boolean): unknown[] {
  const { sequences } = run;
  const result = sequences.create();
  const items = input as unknown[];
  for (let i = 0; i < items.length; i++) {
    const res = s(items[i], frame, run);
    if (res !== undefined) sequences.push(result, res);
  }
  if (lastStep && result.length === 1 && Array.isArray(result[0]) && !isSequence(result[0]))
    return result[0] as unknown[];
  const out = sequences.create();
  for (const res of result) {
    if (!Array.isArray(res) || (res as { cons?: boolean }).cons) sequences.push(out, res);
    else for (const v of res) sequences.push(out, v);
  }
  return out;
}

/** JSONata's `$append` as the array constructor uses it, bounded like its sequences. */
export function append(arg1: unknown[], arg2: unknown, run: ProgramRun): unknown[] {
  const more = Array.isArray(arg2) ? arg2 : [arg2];
  const size = arg1.length + more.length;
  if (size > run.sequences.limit) throw { code: 'D2015', value: size, stack: new Error().stack };
  return arg1.concat(more);
}
