import { jsonata } from '../runtime/jsonata-module.js';
import { jsonataSync } from '../runtime/jsonata-sync.js';
import { buildFlashFunctions } from '../flash/flash-functions.js';
import { isCodedError } from '../errors/mapx-error.js';
import { stateOf, type Env } from '../runtime/policy.js';
import { rebindNative } from './call-context.js';
import type { CompiledCore } from './compile-source.js';
import { mapError } from './compile-source.js';
import { withoutReserved } from '../syntax/reserved-names.js';
import { jsonataOriginals, type JsonataFunction } from './jsonata-natives.js';

type Frame = Env & Record<string, unknown>;

const natives = new WeakMap<CompiledCore, Record<string, JsonataFunction>>();

function nativesOf(core: CompiledCore): Record<string, JsonataFunction> {
  let n = natives.get(core);
  if (!n) {
    n = {};
    if (core.tables) {
      for (const [name, impl] of Object.entries(buildFlashFunctions(core.tables))) {
        n[name] = { _jsonata_function: true, implementation: impl as JsonataFunction['implementation'] };
      }
    }
    natives.set(core, n);
  }
  return n;
}

/** A function the frame below holds under a reserved (`__`) name, that no user expression can read or shadow. */
const RETHROW = '__mapxRethrow';

/** A JSONata lambda; the synchronous JSONata's `apply` returns the value itself. */
interface Lambda extends Record<string, unknown> {
  apply(self: unknown, args: unknown[]): Promise<unknown> | unknown;
}

let lambdaFactory: ReturnType<typeof jsonata> | undefined;

/**
 * A new JSONata lambda: its `apply` is JSONata's own (frames, guardrails, tail calls). The compiled body is put in
 * it, so a saved mapping called as a function runs its AST, parsed (and rewritten: the engine's `&`) once at compile
 * time, instead of `$eval` parsing its text again at every call; one per call, since calls interleave.
 */
async function freshLambda(): Promise<Lambda> {
  lambdaFactory ??= jsonata('function(){ 0 }');
  return (await lambdaFactory.evaluate(undefined)) as Lambda;
}

const reboundCaches = new WeakMap<CompiledCore, Map<object, unknown>>();

function reboundOf(core: CompiledCore): Map<object, unknown> {
  let m = reboundCaches.get(core);
  if (!m) reboundCaches.set(core, (m = new Map()));
  return m;
}

/** How many call frames are looking a name up in the frames around them, now. */
let passingThrough = 0;

function lookupAbove(parent: Frame, name: string): unknown {
  passingThrough++;
  try {
    return parent.lookup(name);
  } finally {
    passingThrough--;
  }
}

/** A frame for `core` in the caller's environment, and the focus and input its body is applied with. */
function callOf(caller: Env, core: CompiledCore, input: unknown, bindings?: Record<string, unknown>) {
  const own = nativesOf(core);
  const rebound = reboundOf(core);
  const local: Record<string, unknown> = withoutReserved(bindings);
  const parent = caller as Frame;
  // a mapping this text calls that the caller's text did not name is not bound there (engine/mapping-natives.ts)
  const mappingNative = stateOf(caller)?.mappingNative;
  // what the frames around the call hold does not change while it runs (they are its callers', suspended, or
  // closures', whose bindings go to frames of their own): each name is looked up through them once per call. A
  // lambda the call returns may look up later, when its callers have bound a name again: no shortcut then
  let above: Map<string, unknown> | undefined;
  const call = {
    failure: undefined as unknown,
    running: false,
    frame: undefined as unknown as Frame,
    focus: {} as { environment: Frame; input?: unknown; createSequence?: unknown },
    input: undefined as unknown,
  };
  const frame: Frame = {
    bind(name: string, value: unknown) {
      local[name] = value;
    },
    lookup(name: string | symbol) {
      if (typeof name === 'string') {
        if (name === RETHROW) return rethrow(call.failure);
        if (Object.prototype.hasOwnProperty.call(local, name)) return local[name];
        if (Object.prototype.hasOwnProperty.call(own, name)) return own[name];
        let found = call.running ? above?.get(name) : undefined;
        if (found === undefined) {
          found = lookupAbove(parent, name) ?? mappingNative?.(name);
          if (found !== undefined && call.running) (above ??= new Map()).set(name, found);
        }
        // only the innermost text's frame binds a native to its text: the frames of the calls around it would
        // each bind it to theirs on the way, for nothing
        return passingThrough > 0 ? found : rebindNative(found, core, rebound);
      }
      return parent.lookup(name);
    },
    timestamp: parent['timestamp'],
    async: parent['async'],
    isParallelCall: parent['isParallelCall'],
    global: parent['global'],
    base: parent['base'],
  };
  const base = parent['base'] as { createSequence?: (value: unknown) => unknown[] } | undefined;
  call.frame = frame;
  call.input = sequenceInput(input ?? undefined, base?.createSequence);
  call.focus = { environment: frame, input, createSequence: base?.createSequence };
  return call;
}

/** `lambda` made to run `core`'s body in the call's frame. */
function aimed(lambda: Lambda, core: CompiledCore, call: ReturnType<typeof callOf>): Lambda {
  lambda.body = core.jexpr.ast();
  lambda.arguments = [];
  lambda.signature = undefined;
  lambda.environment = call.frame;
  lambda.input = call.input;
  return lambda;
}

/**
 * Evaluates compiled mapx source in the caller's environment (dynamic scoping, §6.10 and `$eval`): a frame whose
 * lookups see the given bindings, then this source's FLASH natives, then the caller's variables.
 */
export async function evaluateInEnvironment(
  caller: Env,
  core: CompiledCore,
  input: unknown,
  bindings?: Record<string, unknown>,
): Promise<unknown> {
  const call = callOf(caller, core, input, bindings);
  const lambda = aimed(await freshLambda(), core, call);
  call.running = true;
  try {
    return await lambda.apply(call.focus, []);
  } catch (e) {
    call.failure = e;
    throw mapError(await withJsonataMessage(e, call.focus), core.source, core.emitter);
  } finally {
    call.running = false;
  }
}

let syncLambdaFactory: ReturnType<NonNullable<ReturnType<typeof jsonataSync>>> | undefined;

/**
 * The same in a synchronous run (engine/sync-tier.ts): the body applied by the synchronous JSONata. A failure is
 * thrown as it is: the run is then abandoned, and JSONata's own run raises it with its message and position.
 */
export function evaluateInEnvironmentNow(
  caller: Env,
  core: CompiledCore,
  input: unknown,
  bindings?: Record<string, unknown>,
): unknown {
  syncLambdaFactory ??= jsonataSync()!('function(){ 0 }');
  const call = callOf(caller, core, input, bindings);
  const lambda = aimed(syncLambdaFactory.evaluate(undefined) as unknown as Lambda, core, call);
  call.running = true;
  try {
    return lambda.apply(call.focus, []) as unknown;
  } finally {
    call.running = false;
  }
}

/** A native that throws `error`: JSONata's `$eval` then fills in the message of a JSONata error. */
function rethrow(error: unknown) {
  return {
    _jsonata_function: true,
    implementation: () => {
      throw error;
    },
  };
}

/**
 * JSONata writes the message of its own errors (T2001, D1001, …) where they leave an expression it evaluates
 * (`$eval` or the top level). An error of the body reaches us before that: `$eval` of a call that throws it again
 * fills it in. Only on failures, so its parse costs nothing on the way that succeeds.
 */
async function withJsonataMessage(error: unknown, focus: { environment: Frame }): Promise<unknown> {
  if (!isCodedError(error) || typeof (error as { message?: unknown }).message === 'string') return error;
  const { eval: jsonataEval } = await jsonataOriginals();
  try {
    await jsonataEval!.implementation.call(focus, `$${RETHROW}()`, undefined);
  } catch (wrapped) {
    const w = wrapped as { code?: unknown; error?: unknown };
    if ((w.code === 'D3121' || w.code === 'D3120') && w.error) return w.error;
  }
  return error;
}

/** The input as `$eval` would give it to the text: a JSON array as a singleton sequence, so it stays one value. */
function sequenceInput(input: unknown, createSequence: ((value: unknown) => unknown[]) | undefined): unknown {
  if (!Array.isArray(input) || (input as { sequence?: unknown }).sequence === true || !createSequence)
    return input;
  const wrapped = createSequence(input) as unknown[] & { outerWrapper?: boolean };
  wrapped.outerWrapper = true;
  return wrapped;
}
