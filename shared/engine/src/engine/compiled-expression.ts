import { randomUUID } from 'node:crypto';
import { buildMappingFunctions } from '../functions/index.js';
import { createError, isCodedError } from '../errors/mapx-error.js';
import {
  collect,
  STATE_BINDING,
  type EngineLogger,
  type EvalState,
  type Thresholds,
} from '../runtime/policy.js';
import { statusOf } from '../runtime/status.js';
import { wrapFunction, type CallHost } from './call-context.js';
import { mapError, type CompiledCore } from './compile-source.js';
import { defineNative } from './jsonata-natives.js';
import { isReservedName, withoutReserved } from '../syntax/reserved-names.js';
import type { CompiledExpression, EvaluateOptions, VerboseReport } from './types.js';

interface Parts {
  core: CompiledCore;
  host: CallHost;
  thresholds: Thresholds;
  bindings: Record<string, unknown>;
  logger: EngineLogger | undefined;
}

const MAPPING_SIGNATURE = '<x?o?:x>';

/** An immutable compiled expression; every evaluation gets a fresh frame, bag, timestamp and executionId. */
export function createCompiledExpression(p: Parts): CompiledExpression {
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
    };
    const all: Record<string, unknown> = { ...p.thresholds, ...p.bindings, ...withoutReserved(extra) };
    for (const fn of buildMappingFunctions(opts?.mappings)) {
      if (isReservedName(fn.name)) continue;
      const native = await defineNative(wrapFunction(p.host, fn) as never, MAPPING_SIGNATURE);
      all[fn.name] = native;
    }
    all['executionId'] = state.executionId;
    all[STATE_BINDING] = state;
    const level = (name: keyof Thresholds): number => {
      const v = all[name];
      return typeof v === 'number' ? v : p.thresholds[name];
    };
    try {
      const result = await p.core.jexpr.evaluate(input === null ? null : input, all);
      return { state, result, error: undefined, level };
    } catch (e) {
      const err = isCodedError(e)
        ? mapError(e, p.core.source, p.core.emitter)
        : createError('U1001', { message: String(e) });
      err['executionId'] = state.executionId;
      return { state, result: undefined, error: err, level };
    }
  };

  return {
    source: p.core.source,
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
      if (r.error && !r.error['__collected'] && (isCodedError(r.error) ? true : false)) {
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
      };
    },
  };
}
