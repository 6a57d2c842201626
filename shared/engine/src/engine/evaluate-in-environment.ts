import { buildFlashFunctions } from '../flash/flash-functions.js';
import { isCodedError } from '../errors/mapx-error.js';
import type { Env } from '../runtime/policy.js';
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

/** Name of the compiled body in the frame below: reserved (`__`), so no user expression can read or shadow it. */
const BODY = '__mapxBody';
/** What `$eval` parses per call: the call of the compiled body, not the whole lowered text again. */
const CALL_BODY = `$${BODY}()`;

const reboundCaches = new WeakMap<CompiledCore, Map<object, unknown>>();

function reboundOf(core: CompiledCore): Map<object, unknown> {
  let m = reboundCaches.get(core);
  if (!m) reboundCaches.set(core, (m = new Map()));
  return m;
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
  const own = nativesOf(core);
  const rebound = reboundOf(core);
  const local: Record<string, unknown> = withoutReserved(bindings);
  const parent = caller as Frame;
  // The source's own AST, parsed (and rewritten: engine `&`) once at compile time, as a lambda evaluated in this
  // frame: a saved mapping called as a function is not parsed again at every call.
  const body: { environment: unknown; input: unknown } & Record<string, unknown> = {
    _jsonata_lambda: true,
    arguments: [],
    body: core.jexpr.ast(),
    environment: undefined,
    input: undefined,
  };
  const frame: Frame = {
    bind(name: string, value: unknown) {
      local[name] = value;
    },
    lookup(name: string | symbol) {
      if (typeof name === 'string') {
        if (name === BODY) return body;
        if (Object.prototype.hasOwnProperty.call(local, name)) return local[name];
        if (Object.prototype.hasOwnProperty.call(own, name)) return own[name];
        return rebindNative(parent.lookup(name), core, rebound);
      }
      return parent.lookup(name);
    },
    timestamp: parent['timestamp'],
    async: parent['async'],
    isParallelCall: parent['isParallelCall'],
    global: parent['global'],
    base: parent['base'],
  };
  const { eval: jsonataEval } = await jsonataOriginals();
  const base = parent['base'] as { createSequence?: (value: unknown) => unknown[] } | undefined;
  const focus = { environment: frame, input, createSequence: base?.createSequence };
  body.environment = frame;
  body.input = sequenceInput(input ?? undefined, base?.createSequence);
  try {
    return await jsonataEval!.implementation.call(focus, CALL_BODY, input ?? undefined);
  } catch (e) {
    const inner =
      isCodedError(e) && (e.code === 'D3121' || e.code === 'D3120') && e['error'] ? e['error'] : e;
    throw mapError(inner, core.source, core.emitter);
  }
}

/** The input as `$eval` would give it to the text: a JSON array as a singleton sequence, so it stays one value. */
function sequenceInput(input: unknown, createSequence: ((value: unknown) => unknown[]) | undefined): unknown {
  if (!Array.isArray(input) || (input as { sequence?: unknown }).sequence === true || !createSequence)
    return input;
  const wrapped = createSequence(input) as unknown[] & { outerWrapper?: boolean };
  wrapped.outerWrapper = true;
  return wrapped;
}
