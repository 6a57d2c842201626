import { randomUUID } from 'node:crypto';
import { createError, isCodedError, populateMessage } from '../errors/mapx-error.js';
import {
  collect,
  STATE_BINDING,
  type EngineLogger,
  type EvalState,
  type Thresholds,
} from '../runtime/policy.js';
import { statusOf } from '../runtime/status.js';
import { exceedsDepth, inputTooDeep, type Limits } from '../runtime/limits.js';
import { withoutSequencePush } from '../runtime/sequence-bound.js';
import type { JsonataExpression } from '../runtime/jsonata-module.js';
import type { CallHost } from './call-context.js';
import { MappingNatives } from './mapping-natives.js';
import { mapError, type CompiledCore } from './compile-source.js';
import { deterministicState } from '../runtime/deterministic.js';
import { isReservedName } from '../syntax/reserved-names.js';
import type { CompiledExpression, EvaluateOptions, MappingResolver, VerboseReport } from './types.js';
import { attachTracer, Tracer } from '../explain/tracer.js';
import { unwrapDeep } from '../explain/unwrap.js';
import { buildExplainReport } from '../explain/explain-report.js';
import { UNSURE, type DirectEvaluation } from '../direct/compile-direct.js';
import { runProgram, type RunnableProgram } from '../direct/run-program.js';
import { SyncTier } from './sync-tier.js';

interface Parts {
  core: CompiledCore;
  host: CallHost;
  thresholds: Thresholds;
  /** Names bound at the root of the expression (the thresholds and the engine's constants), below every binding. */
  rootNames: readonly string[];
  /** Every `$name` the compiled expression reads (syntax/referenced-names.ts). */
  referenced: ReadonlySet<string>;
  bindings: Record<string, unknown>;
  limits: Limits;
  /** The variant for short runs of a bounded expression (compile-source.ts, `shortVariant`), compiled on first use. */
  shortJexpr?: () => JsonataExpression;
  /** The synchronous evaluation of a bounded expression's short runs (direct/compile-direct.ts), where it covers it. */
  direct?: DirectEvaluation;
  /** The synchronous form of the whole expression (direct/compile-program.ts), where it covers it. */
  program?: RunnableProgram;
  /** Whether every run may take it (the engine has its thread to itself), not only short ones. */
  programAlways?: boolean;
  /**
   * The expression compiled by the synchronous JSONata (engine/sync-tier.ts), made on first use; present where the
   * engine has its thread to itself. Undefined from it where there is no synchronous JSONata.
   */
  syncJexpr?: () => JsonataExpression | undefined;
  logger: EngineLogger | undefined;
  strictBooleans: boolean;
  /** The explain variant: input reads and rule evaluations are traced, the report gains `explain`. */
  explain?: boolean;
  /** Names of the functions the engine registers besides JSONata's own (mapping ids that shadow them). */
  engineFunctions: ReadonlySet<string>;
}

/** An immutable compiled expression; every evaluation gets a fresh frame, bag, timestamp and executionId. */
export function createCompiledExpression(p: Parts): CompiledExpression {
  /** Mapping functions per resolver, reused while its key list is unchanged (engine/mapping-natives.ts). */
  const byResolver = new WeakMap<MappingResolver, MappingNatives>();
  const mappingNatives = (resolver: MappingResolver | undefined) => {
    if (!resolver) return undefined;
    const hit = byResolver.get(resolver);
    if (hit && (resolver.fixedKeys === true || sameKeys(hit.keys, resolver.keys()))) return hit;
    return MappingNatives.create(resolver, [...resolver.keys()], p.host, p.engineFunctions).then((m) => {
      byResolver.set(resolver, m);
      return m;
    });
  };
  const { referenced } = p;
  /** Per set of mapping functions: the root names a saved mapping of the same name replaces. */
  const shadowedRoot = new WeakMap<MappingNatives, readonly string[]>();
  const rootShadowedBy = (natives: MappingNatives): readonly string[] => {
    let names = shadowedRoot.get(natives);
    if (!names) shadowedRoot.set(natives, (names = p.rootNames.filter((name) => natives.has(name))));
    return names;
  };

  /** Runs the synchronous form gave back to JSONata, and runs it finished: a form that rarely finishes is dropped. */
  let handedBack = 0;
  let finished = 0;
  const useProgram = (short: boolean, input: unknown): boolean =>
    p.program !== undefined &&
    (short || p.programAlways === true) &&
    !Array.isArray(input) &&
    (handedBack < 16 || finished >= handedBack);
  const sync = p.syncJexpr ? new SyncTier(p.syncJexpr) : undefined;

  const run = async (
    input: unknown,
    extra: Record<string, unknown> | undefined,
    opts: EvaluateOptions | undefined,
  ) => {
    const state: EvalState = {
      executionId: randomUUID(),
      bag: { error: [], warning: [], debug: [] },
      seen: new Set(),
      logger: p.logger,
      defaults: p.thresholds,
      deadline: Date.now() + p.limits.timeoutMs,
      timeoutMs: p.limits.timeoutMs,
      strictBooleans: opts?.strictBooleans ?? p.strictBooleans,
    };
    const det = deterministicState(opts?.deterministic);
    if (det) state.deterministic = det;
    if (exceedsDepth(input, p.limits.maxInputDepth)) {
      const err = inputTooDeep(p.limits.maxInputDepth);
      err['executionId'] = state.executionId;
      return {
        state,
        result: undefined,
        error: err,
        level: (name: keyof Thresholds) => p.thresholds[name],
        tracer: undefined,
      };
    }
    for (const warning of p.core.warnings) collect(state, { ...warning });
    let tracer: Tracer | undefined;
    if (p.explain) {
      tracer = new Tracer();
      attachTracer(state, tracer);
      input = tracer.reads.wrap(input, '');
    }
    const pending = mappingNatives(opts?.mappings);
    const natives = pending instanceof Promise ? await pending : pending;
    const all: Record<string, unknown> = {};
    copyInto(all, p.bindings, natives);
    if (extra) copyInto(all, extra, natives, true);
    if (natives) {
      // what a full binding of every mapping would make visible here: they win over bindings (copyInto) and
      // functions
      for (const name of rootShadowedBy(natives)) all[name] = natives.native(name);
      for (const name of natives.shadowing) all[name] = natives.native(name);
      for (const name of referenced) if (natives.has(name)) all[name] = natives.native(name);
      state.mappingNative = natives.lookup;
    }
    all['executionId'] = state.executionId;
    all[STATE_BINDING] = state;
    const level = (name: keyof Thresholds): number => {
      const v = all[name];
      return typeof v === 'number' ? v : p.thresholds[name];
    };
    try {
      const root = input === null ? null : input;
      // a short run's sequences carry no bounded `push` to take off
      const short = opts?.short === true;
      let result: unknown = short && p.direct ? p.direct(root) : UNSURE;
      if (result === UNSURE && useProgram(short, root)) {
        result = runProgram(p.program!, root, all, state);
        if (result === UNSURE) handedBack++;
        else finished++;
      }
      // test mode keeps JSONata's order of evaluation: its `$uuid()` sequence is compared across runs
      if (result === UNSURE && !short && sync && !opts?.deterministic) result = sync.run(root, all, state);
      if (result === UNSURE)
        result =
          short && p.shortJexpr
            ? await p.shortJexpr().evaluate(root, all)
            : withoutSequencePush(await p.core.jexpr.evaluate(root, all));
      if (tracer) {
        tracer.reads.stop();
        result = unwrapDeep(result, tracer.reads);
      }
      return { state, result, error: undefined, level, tracer };
    } catch (e) {
      withoutSequencePush(e); // an error's value can be a sequence
      if (isCodedError(e) && e.code === 'D2015') {
        (e as Record<string, unknown>)['value'] = p.limits.maxSequenceLength;
        populateMessage(e as Record<string, unknown>);
      }
      const err = isCodedError(e)
        ? mapError(e, p.core.source, p.core.emitter)
        : createError('U1001', { message: String(e) });
      err['executionId'] = state.executionId;
      tracer?.reads.stop();
      return { state, result: undefined, error: err, level, tracer };
    }
  };

  return {
    source: p.core.source,
    warnings: p.core.warnings,
    ...(p.core.costBound === undefined ? {} : { costBound: p.core.costBound }),
    synchronous: p.program !== undefined,
    async evaluate(input, bindings, options) {
      const r = await run(input, bindings, options);
      if (r.error) {
        Object.defineProperty(r.error, 'flashDiagnostics', { value: r.state.bag, enumerable: false });
        throw r.error;
      }
      return r.result;
    },
    async evaluateVerbose(input, bindings, options): Promise<VerboseReport> {
      const r = await run(input, bindings, options);
      if (r.error && !r.error['__collected'] && isCodedError(r.error)) {
        const sev = r.error.code.startsWith('F5') ? Number(r.error.code.slice(2, 4)) : 0;
        if (sev < r.level('collectLevel')) collect(r.state, r.error);
      }
      const status = statusOf(r.state.bag, r.level('throwLevel'));
      const ok = status === 200;
      const { bag: diagnostics, executionId } = r.state;
      // literals in the report's key order, not spreads (a spread of a small object is a slow path in V8)
      const report: VerboseReport =
        r.error || r.result === undefined
          ? { ok, status, diagnostics, executionId }
          : { ok, status, result: r.result, diagnostics, executionId };
      if (!r.tracer) return report;
      return { ...report, explain: buildExplainReport(p.core.source, p.core.tables, r.tracer, r.result) };
    },
  };
}

/** The resolver's keys in the same order as before, without building an array. */
function sameKeys(known: readonly string[], now: Iterable<string>): boolean {
  let i = 0;
  for (const key of now) if (key !== known[i++]) return false;
  return i === known.length;
}

/**
 * Plain loops on purpose: object spread of these binding objects hit a V8 slow path (~30 µs per evaluation,
 * more than a small evaluation itself). A saved mapping of the same name wins over a binding; the sources are
 * walked rather than the object built from them (a `for…in` over a fresh object has no enumeration cache).
 */
function copyInto(
  out: Record<string, unknown>,
  from: object,
  natives: MappingNatives | undefined,
  skipReserved = false,
): void {
  const src = from as Record<string, unknown>;
  for (const k in src) {
    if (!Object.hasOwn(src, k) || (skipReserved && isReservedName(k))) continue;
    out[k] = natives?.has(k) ? natives.native(k) : src[k];
  }
}
