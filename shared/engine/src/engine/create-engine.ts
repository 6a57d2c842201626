import type { FhirContext } from '@mapx/fhir';
import { builtinFunctions, type MapxFunction } from '../functions/index.js';
import { DEFAULT_THRESHOLDS, type Env, type Thresholds } from '../runtime/policy.js';
import { wrapFunction, type CallHost } from './call-context.js';
import { compileSource, shortVariant, syncVariant, type CompiledCore } from './compile-source.js';
import { compileDirect } from '../direct/compile-direct.js';
import type { JsonataExpression } from '../runtime/jsonata-module.js';
import { createCompiledExpression } from './compiled-expression.js';
import { engineFunctions } from './engine-functions.js';
import { evaluateInEnvironment, evaluateInEnvironmentNow } from './evaluate-in-environment.js';
import { jsonataOriginals, syncOriginals, type JsonataFunction } from './jsonata-natives.js';
import { Lru } from './lru.js';
import type { CompiledExpression, CompileOptions, Engine, EngineOptions } from './types.js';

const EXPLAIN_CACHE_ENTRIES = 50;
import { sequenceBoundEntry } from '../runtime/sequence-bound.js';
import { frameHooksShortcut } from '../runtime/frame-hooks.js';
import { CREATE_FRAME_PUSH, EVALUATE_ENTRY } from '../runtime/jsonata-hooks.js';
import { buildFlashFunctions } from '../flash/flash-functions.js';
import { resolveLimits } from '../runtime/limits.js';
import { guardedFunctions } from './guarded-functions.js';
import { explainNatives } from '../explain/explain-natives.js';
import { runnableProgram } from './runnable-program.js';
import { referencedNames } from '../syntax/referenced-names.js';

/** Creates the mapx engine: compile (LRU-cached), custom functions and bindings. */
export function createEngine(options: EngineOptions): Engine {
  // keyed by the source text itself (no per-request serialisation); an entry compiled against another FHIR
  // context is a miss
  const cache = new Lru<Keyed<Promise<CompiledExpression>>>(options.cacheMaxEntries ?? 1000);
  const cores = new Lru<Keyed<CompiledCore>>(options.cacheMaxEntries ?? 1000);
  // the explain variants: rarer, larger (tracing hooks), kept apart so they never evict the normal ones
  const explained = new Lru<Keyed<Promise<CompiledExpression>>>(EXPLAIN_CACHE_ENTRIES);
  const custom: MapxFunction[] = [];
  const bindings: Record<string, unknown> = {};
  const thresholds: Thresholds = { ...DEFAULT_THRESHOLDS, ...definedOnly(options.thresholds ?? {}) };
  const limits = resolveLimits(options.limits);
  const services = options.services ?? {};
  const unavailable = options.fhirUnavailableReason ?? (() => undefined);

  /** Bound at the root of every compiled expression, below every call's bindings (compiled-expression.ts). */
  const rootValues: ReadonlyArray<readonly [string, unknown]> = [
    ...Object.entries(thresholds),
    ...Object.entries(options.constants ?? {}),
  ];

  const contextKey = (fhir: FhirContext | undefined): string => fhir?.key ?? '';

  const coreFor = (source: string): CompiledCore => {
    const fhir = options.fhir();
    const context = contextKey(fhir);
    const hit = cores.get(source);
    if (hit && hit.context === context) return hit.value;
    const core = compileSource(source, { fhir, unavailable, limits });
    cores.set(source, { context, value: core });
    return core;
  };

  const evaluateSource = async (
    env: Env,
    source: string,
    input: unknown,
    extra?: Record<string, unknown>,
  ) => {
    const core = coreFor(source);
    return evaluateInEnvironment(env, core, input, extra);
  };
  // synchronous runs only where the engine has its thread to itself: they do not yield to other work
  const evaluateSourceNow =
    options.ownThread === true
      ? (env: Env, source: string, input: unknown, extra?: Record<string, unknown>) =>
          evaluateInEnvironmentNow(env, coreFor(source), input, extra)
      : undefined;

  const build = async (source: string, explain = false): Promise<CompiledExpression> => {
    const originals = await jsonataOriginals();
    const core = explain
      ? compileSource(source, { fhir: options.fhir(), unavailable, limits, explain })
      : coreFor(source);
    const host: CallHost = {
      source,
      emitter: core.emitter,
      fhir: options.fhir,
      services,
      evaluateSource,
      ...(evaluateSourceNow ? { evaluateSourceNow } : {}),
    };
    const functionsOver = (natives: Record<string, JsonataFunction>): MapxFunction[] => [
      ...builtinFunctions,
      ...engineFunctions(natives),
      ...guardedFunctions(natives, limits),
      ...custom,
    ];
    const registered = functionsOver(originals);
    /**
     * Binds the engine's functions and constants in `j`; `only`: just the functions of those names; `functions`:
     * those built over JSONata's own (the synchronous form's for its own expression).
     */
    const prepare = (j: JsonataExpression, only?: ReadonlySet<string>, functions = registered): void => {
      for (const fn of functions)
        if (!only || only.has(fn.name)) j.registerFunction(fn.name, wrapFunction(host, fn), fn.signature);
      if (core.tables) {
        for (const [name, impl] of Object.entries(buildFlashFunctions(core.tables)))
          if (!only || only.has(name)) j.registerFunction(name, impl);
        if (explain)
          for (const [name, impl] of Object.entries(explainNatives(core.tables)))
            j.registerFunction(name, impl);
      }
      j.assign(CREATE_FRAME_PUSH as unknown as string, frameHooksShortcut() as never);
      // after the functions: a binding of the same name wins over a function, as a call's bindings do
      for (const [name, value] of rootValues) j.assign(name, value as never);
    };
    prepare(core.jexpr);
    const entry = sequenceBoundEntry(limits.maxSequenceLength);
    core.jexpr.assign(EVALUATE_ENTRY as unknown as string, entry as never);
    let short: JsonataExpression | undefined;
    const shortJexpr =
      core.costBound === undefined || explain
        ? undefined
        : () => {
            if (!short) prepare((short = shortVariant(core, limits)));
            return short;
          };
    const direct =
      core.costBound === undefined || explain ? undefined : compileDirect(core.jexpr.ast(), limits);
    let sync: JsonataExpression | undefined | null = null;
    const syncJexpr =
      evaluateSourceNow === undefined || explain
        ? undefined
        : () => {
            if (sync === null) {
              sync = syncVariant(core, limits);
              if (sync) {
                prepare(sync, undefined, functionsOver(syncOriginals()));
                sync.assign(EVALUATE_ENTRY as unknown as string, entry as never);
              }
            }
            return sync;
          };
    const referenced = referencedNames(core.jexpr.ast());
    const hostFunctions = new Set(custom.map((fn) => fn.name));
    const program = explain
      ? undefined
      : await runnableProgram(core, prepare, limits, referenced, hostFunctions);
    return createCompiledExpression({
      core,
      host,
      thresholds,
      rootNames: rootValues.map(([name]) => name),
      referenced,
      bindings,
      limits,
      ...(shortJexpr ? { shortJexpr } : {}),
      ...(direct ? { direct } : {}),
      ...(syncJexpr ? { syncJexpr } : {}),
      ...(program ? { program, programAlways: options.ownThread === true } : {}),
      logger: options.logger,
      strictBooleans: options.strictBooleans === true,
      explain,
      engineFunctions: new Set(registered.map((fn) => fn.name)),
    });
  };

  return {
    compile(source: string, compileOptions?: CompileOptions) {
      const explain = compileOptions?.explain === true;
      const lru = explain ? explained : cache;
      const context = contextKey(options.fhir());
      const hit = lru.get(source);
      if (hit && hit.context === context) return hit.value;
      const value = build(source, explain);
      const entry: Keyed<Promise<CompiledExpression>> = { context, value };
      lru.set(source, entry);
      value.then(
        (built) => {
          entry.built = built;
        },
        () => {
          if (lru.get(source) === entry) lru.delete(source);
        },
      );
      return value;
    },
    compiledNow(source: string) {
      const hit = cache.get(source);
      return hit && hit.context === contextKey(options.fhir()) ? hit.built : undefined;
    },
    registerFunction(name, impl, signature) {
      custom.push({ name, impl, ...(signature !== undefined ? { signature } : {}) });
    },
    registerBinding(name, value) {
      bindings[name] = value;
    },
  };
}

interface Keyed<V> {
  readonly context: string;
  readonly value: V;
  /** What `value` resolved to, once it has (compiled expressions only). */
  built?: CompiledExpression;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'number')) as Partial<T>;
}
