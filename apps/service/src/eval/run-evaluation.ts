import {
  toLegacyErrorPayload,
  type CompiledExpression,
  type EvaluateOptions,
  type MappingResolver,
} from '@mapx/engine';
import type { NormalizeWarning } from '@mapx/plugin-api';
import type { MappingView } from '../mappings/mapping-cache.js';
import { inputWarningDiagnostics } from './input-warnings.js';
import type { MapxServices } from '../services.js';
import { awaitWarmup } from './await-warmup.js';
import { syntheticReport, toWireReport, type WireReport } from './wire-report.js';
import { buildBindings } from './build-bindings.js';

export interface EvaluationRequest {
  readonly source: string;
  readonly input: unknown;
  readonly verbose: boolean;
  /** POST / collects only throwable diagnostics in non-verbose mode (mapping-language §9.4 step 4). */
  readonly lowerCollect: boolean;
  readonly bindings?: Readonly<Record<string, unknown>>;
  /** Warnings of the input's normaliser; shown first among a verbose report's warnings. */
  readonly inputWarnings?: readonly NormalizeWarning[] | undefined;
}

/** `body` undefined means an empty 200 body (an undefined result). */
export interface EvaluationReply {
  readonly status: number;
  readonly body?: unknown;
}

/** Compile (cached) and evaluate one expression, shaping the reply as the interface spec says. */
export async function runEvaluation(
  services: MapxServices,
  req: EvaluationRequest,
): Promise<EvaluationReply> {
  const pending = awaitWarmup(services);
  if (pending) {
    const waiting = await pending;
    if (waiting) return waiting;
  }
  let compiled: CompiledExpression;
  try {
    compiled = await services.engine.compile(req.source);
  } catch (err) {
    return compileFailure(err, req.verbose);
  }
  const bindings = buildBindings(services, req);
  const report = await compiled.evaluateVerbose(req.input, bindings, optionsOf(services.mappings.current()));
  if (req.verbose)
    return { status: report.status, body: withInputWarnings(toWireReport(report), req.inputWarnings) };
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

function withInputWarnings(
  report: WireReport,
  warnings: readonly NormalizeWarning[] | undefined,
): WireReport {
  if (!warnings || warnings.length === 0) return report;
  report.diagnostics.warning.unshift(...inputWarningDiagnostics(warnings, Date.now()));
  return report;
}
