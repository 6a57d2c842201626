import type { CompiledCore } from './compile-source.js';
import { compileProgram } from '../direct/compile-program.js';
import { callableValues } from '../direct/program-calls.js';
import type { Env } from '../runtime/policy.js';
import { Sequences } from '../direct/program-sequences.js';
import type { RunnableProgram } from '../direct/run-program.js';
import { jsonata, type JsonataExpression } from '../runtime/jsonata-module.js';
import type { Limits } from '../runtime/limits.js';

const SCOPE = '__mapx_scope';

/**
 * The synchronous form of a compiled expression (direct/compile-program.ts), or undefined where it has none. Its
 * names are looked up in a frame prepared as the expression's own (`prepare`: the same constants, and the same
 * functions and FLASH natives of every name the program reads), which a one-call expression hands back.
 */
export async function runnableProgram(
  core: CompiledCore,
  prepare: (j: JsonataExpression, only: ReadonlySet<string>) => void,
  limits: Limits,
  /** Every `$name` the expression reads. */
  referenced: ReadonlySet<string>,
  hostFunctions: ReadonlySet<string>,
): Promise<RunnableProgram | undefined> {
  const program = compileProgram(core.jexpr.ast(), limits.maxDepth);
  if (!program) return undefined;
  const probe = jsonata(`$${SCOPE}()`);
  // only the functions the program names: registering all of them (their signatures parsed) doubled a compile
  prepare(probe, referenced);
  probe.registerFunction(SCOPE, function (this: { environment: Env }) {
    return this.environment;
  });
  const base = (await probe.evaluate(undefined)) as Env;
  const callable = callableValues(program.calls, base, hostFunctions);
  if (!callable) return undefined;
  return { program, base, callable, sequences: new Sequences(limits.maxSequenceLength) };
}
