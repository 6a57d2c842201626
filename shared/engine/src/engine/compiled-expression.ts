import { randomUUID } from 'node:crypto';
import { buildMappingFunctions } from '../functions/index.js';
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
import { wrapFunction, type CallHost } from './call-context.js';
import { mapError, type CompiledCore } from './compile-source.js';
import { defineNative } from './jsonata-natives.js';
import { deterministicState } from '../runtime/deterministic.js';
import { isReservedName } from '../syntax/reserved-names.js';
import type { CompiledExpression, EvaluateOptions, MappingResolver, VerboseReport } from './types.js';
import { attachTracer, Tracer } from '../explain/tracer.js';
import { unwrapDeep } from '../explain/unwrap.js';
import { buildExplainReport } from '../explain/explain-report.js';

interface Parts {
  core: CompiledCore;
  host: CallHost;
  thresholds: Thresholds;
  bindings: Record<string, unknown>;
  limits: Limits;
  logger: EngineLogger | undefined;
  strictBooleans: boolean;
  /** The explain variant: input reads and rule evaluations are traced, the report gains `explain`. */
  explain?: boolean;
}

const MAPPING_SIGNATURE = '<x?o?:x>';

/** An immutable compiled expression; every evaluation gets a fresh frame, bag, timestamp and executionId. */
export function createCompiledExpression(p: Parts): CompiledExpression {
  /**
   * Mapping functions per resolver, reused while its key list is unchanged: defining them at every evaluation
   * cost more than a small evaluation itself (closures, signature await, WeakMap churn).
   */
  const byResolver = new WeakMap<MappingResolver, { keys: string[]; natives: Map<string, unknown> }>();
  const cachedNatives = (resolver: MappingResolver, keys: string[]) => {
    const hit = byResolver.get(resolver);
    return hit && sameKeys(hit.keys, keys) ? hit.natives : undefined;
  };
  const defineNatives = async (resolver: MappingResolver, keys: string[]) => {
    const natives = new Map<string, unknown>();
    for (const fn of buildMappingFunctions(resolver)) {
      if (isReservedName(fn.name)) continue;
      natives.set(fn.name, await defineNative(wrapFunction(p.host, fn) as never, MAPPING_SIGNATURE));
    }
    byResolver.set(resolver, { keys, natives });
    return natives;
  };
  const mappingNatives = (resolver: MappingResolver | undefined) => {
    if (!resolver) return undefined;
    const keys = [...resolver.keys()];
    return cachedNatives(resolver, keys) ?? defineNatives(resolver, keys);
  };

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
    const all: Record<string, unknown> = {};
    copyInto(all, p.thresholds);
    copyInto(all, p.bindings);
    if (extra) copyInto(all, extra, true);
    const pending = mappingNatives(opts?.mappings);
    const natives = pending instanceof Promise ? await pending : pending;
    if (natives) for (const [name, native] of natives) all[name] = native;
    all['executionId'] = state.executionId;
    all[STATE_BINDING] = state;
    const level = (name: keyof Thresholds): number => {
      const v = all[name];
      return typeof v === 'number' ? v : p.thresholds[name];
    };
    try {
      let result: unknown = withoutSequencePush(
        await p.core.jexpr.evaluate(input === null ? null : input, all),
      );
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
      return {
        ok: status === 200,
        status,
        ...(r.error || r.result === undefined ? {} : { result: r.result }),
        diagnostics: r.state.bag,
        executionId: r.state.executionId,
        ...(r.tracer
          ? { explain: buildExplainReport(p.core.source, p.core.tables, r.tracer, r.result) }
          : {}),
      };
    },
  };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Plain loops on purpose: object spread of these binding objects hit a V8 slow path (~30 µs per evaluation,
 * more than a small evaluation itself).
 */
function copyInto(out: Record<string, unknown>, from: object, skipReserved = false): void {
  const src = from as Record<string, unknown>;
  for (const k in src) {
    if (!Object.hasOwn(src, k) || (skipReserved && isReservedName(k))) continue;
    out[k] = src[k];
  }
}
