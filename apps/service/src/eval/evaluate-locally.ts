import {
  toLegacyErrorPayload,
  type CompiledExpression,
  type Engine,
  type EvaluateOptions,
  type MappingResolver,
} from '@mapx/engine';
import type { AppConfig } from '../config/app-config.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import type { EvaluationReply, EvaluationRequest } from './run-evaluation.js';
import { syntheticReport, toWireReport } from './wire-report.js';
import { buildBindings } from './build-bindings.js';

/**
 * Compile (cached) and evaluate one expression against one mapping view, shaping the reply as the interface spec
 * says. Runs on the main thread (MAPX_EVAL_ISOLATION=off) or inside an evaluation worker thread.
 */
export async function evaluateLocally(
  engine: Engine,
  config: AppConfig,
  view: MappingView,
  req: EvaluationRequest,
): Promise<EvaluationReply> {
  let compiled: CompiledExpression;
  try {
    compiled = await engine.compile(req.source);
  } catch (err) {
    return compileFailure(err, req.verbose);
  }
  const bindings = buildBindings(config, view, req);
  const report = await compiled.evaluateVerbose(req.input, bindings, optionsOf(view));
  if (req.verbose) return { status: report.status, body: toWireReport(report) };
  if (report.ok) return { status: 200, body: report.result };
  return { status: 422, body: toLegacyErrorPayload(report) };
}

const optionsByView = new WeakMap<MappingView, EvaluateOptions>();

/** One resolver per mapping view: the engine reuses the mapping functions it built for the same resolver. */
function optionsOf(view: MappingView): EvaluateOptions {
  let options = optionsByView.get(view);
  if (!options) {
    const mappings: MappingResolver = {
      keys: () => view.mappings.keys(),
      get: (key: string) => view.mappings.get(key),
    };
    options = { mappings };
    optionsByView.set(view, options);
  }
  return options;
}

function compileFailure(err: unknown, verbose: boolean): EvaluationReply {
  if (!verbose) return { status: 422, body: toLegacyErrorPayload(err) };
  const e = (err ?? {}) as Record<string, unknown>;
  return {
    status: 422,
    body: syntheticReport(422, {
      code: typeof e.code === 'string' ? e.code : 'COMPILE_FAILED',
      message: typeof e.message === 'string' ? e.message : 'The expression could not be compiled',
      position: e.position,
      start: e.start,
      line: e.line,
      severity: 0,
      level: 'fatal',
    }),
  };
}
