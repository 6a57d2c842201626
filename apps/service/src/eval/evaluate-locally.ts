import type {
  CompiledExpression,
  Engine,
  EvaluateOptions,
  MappingResolver,
  VerboseReport,
} from '@mapx/engine';
import type { AppConfig } from '../config/app-config.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import type { EvaluationRequest } from './evaluation-request.js';
import { NO_WARNINGS, type ErrorEntry, type EvaluationOutcome, type OutcomeWarning } from './outcome.js';
import { failed } from './failures.js';
import { toWireReport, type WireDiagnostic, type WireReport } from './wire-report.js';
import { serviceErrorMessage } from '@mapx/api/errors';
import { inputWarningDiagnostic } from './warnings.js';
import { buildBindings } from './build-bindings.js';
import { withExplain } from './explain/with-explain.js';
import { inputSizeWithin, SHORT_RUN_BUDGET } from './input-size.js';

/**
 * Compile (cached) and evaluate one expression against one mapping view. Runs on the main thread
 * (MAPX_EVAL_ISOLATION=off, or an expression proven bounded) or inside an evaluation worker thread.
 */
export async function evaluateLocally(
  engine: Engine,
  config: AppConfig,
  view: MappingView,
  req: EvaluationRequest,
): Promise<EvaluationOutcome> {
  let compiled: CompiledExpression;
  try {
    compiled = await (req.explain
      ? engine.compile(req.source, { explain: true })
      : engine.compile(req.source));
  } catch (err) {
    return compileFailure(err);
  }
  return evaluateCompiled(compiled, config, view, req, isShort(compiled, req));
}

/** `evaluateLocally` once compiled; `short`: the run is proven short (`isShort`), as the caller checked. */
export async function evaluateCompiled(
  compiled: CompiledExpression,
  config: AppConfig,
  view: MappingView,
  req: EvaluationRequest,
  short: boolean,
): Promise<EvaluationOutcome> {
  const bindings = buildBindings(config, view, req);
  const options = req.deterministic
    ? { ...optionsOf(view, short), deterministic: req.deterministic }
    : optionsOf(view, short);
  const report = await compiled.evaluateVerbose(req.input, bindings, options);
  const quiet = !req.inputWarnings?.length && report.diagnostics.warning.length === 0;
  if (quiet && !req.verbose) return report.ok ? success(report.result) : evaluationFailure(report);
  const wire = toWireReport(report);
  if (req.inputWarnings?.length) {
    const now = Date.now();
    wire.diagnostics.warning.unshift(...req.inputWarnings.map((w) => inputWarningDiagnostic(w, now)));
  }
  if (req.verbose) {
    const full = req.explain ? withExplain(wire, report, req) : wire;
    if (report.ok) return { ok: true, report: { value: full }, warnings: NO_WARNINGS };
    return evaluationFailure(report, full);
  }
  const warnings = wire.diagnostics.warning.map(outcomeWarning);
  return report.ok ? success(report.result, warnings) : evaluationFailure(report, undefined, warnings);
}

/** An expression bounded by construction over an input small enough for its bound: a run of a few milliseconds. */
export function isShort(compiled: CompiledExpression, req: EvaluationRequest): boolean {
  const bound = compiled.costBound;
  return bound !== undefined && inputSizeWithin(req.input, Math.floor(SHORT_RUN_BUDGET / bound));
}

function success(result: unknown, warnings = NO_WARNINGS): EvaluationOutcome {
  return result === undefined ? { ok: true, warnings } : { ok: true, result: { value: result }, warnings };
}

/** The engine's failure: its primary diagnostic (the first error, else warning, else debug entry). */
function evaluationFailure(
  report: VerboseReport,
  verbose?: WireReport,
  warnings = NO_WARNINGS,
): EvaluationOutcome {
  const d = report.diagnostics;
  const first = (d.error[0] ?? d.warning[0] ?? d.debug[0]) as Record<string, unknown> | undefined;
  const primary = first && pick(first, ['code', 'message', 'line', 'start', 'position']);
  const code = typeof primary?.code === 'string' ? primary.code : 'EVALUATION_FAILED';
  const message =
    typeof primary?.message === 'string'
      ? primary.message
      : serviceErrorMessage('EVALUATION_FAILED', { detail: 'the report names no diagnostic' });
  const detail = {
    kind: 'evaluation' as const,
    primary,
    partial: report.status === 206,
    ...(verbose ? { report: { value: verbose } } : {}),
  };
  return failed('evaluation', code, message, detail, warnings);
}

function compileFailure(err: unknown): EvaluationOutcome {
  const error = errorFields(err);
  // every resolution error of the mapping at once (engine: MAX_COMPILE_ERRORS), not only the first
  const all = (err as { errors?: unknown } | undefined)?.errors;
  const several = Array.isArray(all) && all.length > 1 ? all.map(errorFields) : [];
  const code = typeof error.code === 'string' ? error.code : 'COMPILE_FAILED';
  return failed('compile', code, String(error.message), { kind: 'compile', error, all: several });
}

const ERROR_FIELDS = ['code', 'name', 'value', 'token', 'instanceOf', 'line', 'start', 'position'];

/** A thrown error as plain data (it may cross a thread): the fields its entry and its payload are made from. */
function errorFields(err: unknown): ErrorEntry {
  const e = (typeof err === 'object' && err !== null ? err : {}) as Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message : String(err);
  return { message, ...pick(e, ERROR_FIELDS) };
}

function pick(from: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

function outcomeWarning(d: WireDiagnostic): OutcomeWarning {
  return {
    code: String(d.code ?? 'WARNING'),
    message: String(d.message ?? ''),
    severity: typeof d.severity === 'number' ? d.severity : 30,
    ...(typeof d.line === 'number' ? { line: d.line } : {}),
    ...(typeof d.position === 'number' ? { position: d.position } : {}),
    // only a plain value: the warning may cross a thread, and its text form is the report's business
    ...(isPlain(d.value) ? { value: d.value } : {}),
  };
}

function isPlain(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

interface ViewOptions {
  readonly plain: EvaluateOptions;
  readonly short: EvaluateOptions;
}

const optionsByView = new WeakMap<MappingView, ViewOptions>();

/** One resolver per mapping view: the engine reuses the mapping functions it built for the same resolver. */
function optionsOf(view: MappingView, short: boolean): EvaluateOptions {
  let options = optionsByView.get(view);
  if (!options) {
    // a view is an immutable snapshot (mappings/mapping-cache.ts): a change of mappings makes a new view
    const mappings: MappingResolver = {
      fixedKeys: true,
      keys: () => view.mappings.keys(),
      get: (key: string) => view.mappings.get(key),
    };
    options = { plain: { mappings }, short: { mappings, short: true } };
    optionsByView.set(view, options);
  }
  return short ? options.short : options.plain;
}
