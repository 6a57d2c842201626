import type { ProgramRun, Eval } from './program-run.js';
import type { Env } from '../runtime/policy.js';
import { isSequence } from '../functions/jsonata-values.js';

/**
 * JSONata's evaluateStep, without sorts or stages: the step over each item, the results flattened one level. JSONata
 * collects the results in one sequence and flattens them into a second; here they are flattened as they come (one
 * sequence per step, not two), with its bounds and its order of errors kept: too many results fail at once (D2015),
 * a flattened sequence over the bound only once every item was evaluated. Where JSONata's value of the path cannot
 * tell, less is made: no results are undefined (an empty sequence, which the path settles to that), one value on the
 * last step is itself (what the path settles its sequence of one to), and one on an earlier step is an array of one,
 * which the next step only reads.
 */
export function step(s: Eval, input: unknown, frame: Env, run: ProgramRun, lastStep: boolean): unknown {
  const { sequences } = run;
  const items = input as unknown[];
  // made at the second result
  let out: unknown[] | undefined;
  let count = 0;
  let first: unknown;
  let full = false;
  for (let i = 0; i < items.length; i++) {
    const res = s(items[i], frame, run);
    if (res === undefined) continue;
    if (++count > sequences.limit) sequences.overflow();
    // the first result waits: alone on the last step, an array that is not a sequence is the step's value
    if (count === 1) first = res;
    else {
      if (count === 2) full = !flattenInto((out = sequences.create()), first, sequences.limit);
      if (!full) full = !flattenInto(out!, res, sequences.limit);
    }
  }
  if (count === 0) return undefined;
  if (count === 1) {
    if (!Array.isArray(first)) return lastStep ? first : [first];
    if ((first as { cons?: boolean }).cons) return sequences.of(first);
    if (lastStep && !isSequence(first)) return first;
    full = !flattenInto((out = sequences.create()), first, sequences.limit);
  }
  if (full) sequences.overflow();
  return out!;
}

/** One result into the flattened sequence (arrays one level, constructed arrays whole); false once it is full. */
function flattenInto(out: unknown[], res: unknown, limit: number): boolean {
  if (!Array.isArray(res) || (res as { cons?: boolean }).cons) {
    if (out.length + 1 > limit) return false;
    out.push(res);
    return true;
  }
  for (let i = 0; i < res.length; i++) {
    if (out.length + 1 > limit) return false;
    out.push(res[i]);
  }
  return true;
}

/** JSONata's `$append` as the array constructor uses it, bounded like its sequences. */
export function append(arg1: unknown[], arg2: unknown, run: ProgramRun): unknown[] {
  const more = Array.isArray(arg2) ? arg2 : [arg2];
  const size = arg1.length + more.length;
  if (size > run.sequences.limit) throw { code: 'D2015', value: size, stack: new Error().stack };
  return arg1.concat(more);
}
