import type { EvalState } from '../runtime/policy.js';
import { heldRun } from './held-run.js';
import type { CompiledProgram, ProgramRun } from './compile-program.js';
import type { Env } from '../runtime/policy.js';
import { RootFrame } from './program-frame.js';
import type { Sequences } from './program-sequences.js';

/** A program ready to run: the compiled expression's own frame and the functions its calls reach there. */
export interface RunnableProgram {
  readonly program: CompiledProgram;
  readonly base: Env;
  readonly callable: ReadonlySet<unknown>;
  readonly sequences: Sequences;
}

/** Calls between two looks at the clock: JSONata looks every 1024 nodes (runtime/guardrails.ts). */
const CLOCK_EVERY = 64;

/** One synchronous run of the whole expression; `UNSURE` when JSONata must evaluate it instead (held-run.ts). */
export function runProgram(
  p: RunnableProgram,
  input: unknown,
  bindings: Record<string, unknown>,
  state: EvalState,
): unknown {
  let calls = 0;
  const run: ProgramRun = {
    sequences: p.sequences,
    callable: p.callable,
    tick() {
      if (++calls % CLOCK_EVERY === 0 && state.deadline !== undefined && Date.now() > state.deadline)
        throw { code: 'D1012', value: state.timeoutMs, stack: new Error().stack };
    },
  };
  return heldRun(state, () => p.program.evaluate(input, new RootFrame(input, bindings, p.base), run));
}
