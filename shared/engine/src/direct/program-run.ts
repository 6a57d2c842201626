import type { Env } from '../runtime/policy.js';
import type { Sequences } from './program-sequences.js';

/** One compiled node: JSONata's `evaluate(node, input, frame)`, synchronously. */
export type Eval = (input: unknown, frame: Env, run: ProgramRun) => unknown;

/** What one synchronous run carries: its sequences, its clock, and the functions it may call. */
export interface ProgramRun {
  readonly sequences: Sequences;
  /** The function values the run may call (their implementations are synchronous), by identity. */
  readonly callable: ReadonlySet<unknown>;
  /** Throws D1012 once the evaluation's time is up (checked every so many calls). */
  tick(): void;
}
