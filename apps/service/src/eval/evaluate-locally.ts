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
import { syntheticReport, toWireDiagnostic, toWireReport } from './wire-report.js';
import { inputWarningDiagnostic, warningHeaderValues } from './warnings.js';
import { buildBindings } from './build-bindings.js';
import { withExplain } from './explain/with-explain.js';

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
    compiled = await (req.explain
      ? engine.compile(req.source, { explain: true })
      : engine.compile(req.source));
  } catch (err) {
    return compileFailure(err, req.verbose);
  }
  const bindings = buildBindings(config, view, req);
  const options = req.deterministic
    ? { ...optionsOf(view), deterministic: req.deterministic }
    : optionsOf(view);
  const report = await compiled.evaluateVerbose(req.input, bindings, options);
  const quiet = !req.inputWarnings?.length && report.diagnostics.warning.length === 0;
  if (quiet && !req.verbose) {
    return report.ok
      ? { status: 200, body: report.result }
      : { status: 422, body: toLegacyErrorPayload(report) };
  }
  const wire = toWireReport(report);
  if (req.inputWarnings?.length) {
    const now = Date.now();
    wire.diagnostics.warning.unshift(...req.inputWarnings.map((w) => inputWarningDiagnostic(w, now)));
  }
  if (req.explain) return { status: report.status, body: withExplain(wire, report, req) };
  if (req.verbose) return { status: report.status, body: wire };
  const warnings = warningHeaderValues(wire.diagnostics.warning);
  if (report.ok) return { status: 200, body: report.result, warnings };
  return { status: 422, body: toLegacyErrorPayload(report), warnings };
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
  const report = syntheticReport(422, compileDiagnostic(err));
  // every resolution error of the mapping at once (engine: MAX_COMPILE_ERRORS), not only the first
  const all = (err as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(all) && all.length > 1) {
    report.diagnostics.error = all.map((e) =>
      toWireDiagnostic({ timestamp: Date.now(), ...compileDiagnostic(e) }),
    );
  }
  return { status: 422, body: report };
}

/** A compile error as a fatal diagnostic entry. */
export function compileDiagnostic(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as Record<string, unknown>;
  return {
    code: typeof e.code === 'string' ? e.code : 'COMPILE_FAILED',
    message: typeof e.message === 'string' ? e.message : 'The expression could not be compiled',
    position: e.position,
    start: e.start,
    line: e.line,
    ...(e.value !== undefined ? { value: e.value } : {}),
    severity: 0,
    level: 'fatal',
  };
}
