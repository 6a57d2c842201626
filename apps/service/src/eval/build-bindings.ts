import type { MappingView } from '../mappings/mapping-cache.js';
import type { AppConfig } from '../config/app-config.js';
import type { EvaluationRequest } from './evaluation-request.js';

type Bindings = Readonly<Record<string, unknown>>;

/** Per mapping view: the bindings without per-call values, and those with the lowered collect level of POST /. */
interface ViewBindings {
  readonly plain: Bindings;
  readonly lowered: Bindings;
}

const byView = new WeakMap<MappingView, ViewBindings>();

/**
 * Bindings by precedence, lowest first (mapping-language §6.6): the sources' aliases, static JSON values, then
 * per-call bindings. Built-in aliases are lower still: the engine binds them at the root of every expression
 * (`constants`, eval/service-engine.ts), with or without a mapping source (decision §0 item 4). Mapping functions
 * are bound by the engine last.
 *
 * Without per-call bindings the object depends only on the mapping view and the configuration, so it is built
 * once per view and shared (frozen: the engine only copies from it).
 */
export function buildBindings(config: AppConfig, view: MappingView, req: EvaluationRequest): Bindings {
  let cached = byView.get(view);
  if (!cached) {
    cached = viewBindings(config, view);
    byView.set(view, cached);
  }
  const lowered = !req.verbose && req.lowerCollect;
  if (!req.bindings) return lowered ? cached.lowered : cached.plain;
  const bindings: Record<string, unknown> = {};
  // loops rather than spreads: spreading the frozen alias table took V8's slow path on every request
  for (const k in cached.plain) bindings[k] = cached.plain[k];
  for (const k of Object.keys(req.bindings)) bindings[k] = req.bindings[k];
  if (lowered) lowerCollect(config, bindings);
  return bindings;
}

function viewBindings(config: AppConfig, view: MappingView): ViewBindings {
  const plain: Record<string, unknown> = {};
  for (const [k, v] of view.aliases) plain[k] = v;
  for (const [k, v] of view.statics) plain[k] = v;
  const lowered: Record<string, unknown> = {};
  for (const k in plain) lowered[k] = plain[k];
  lowerCollect(config, lowered);
  return { plain: Object.freeze(plain), lowered: Object.freeze(lowered) };
}

/** POST / collects only throwable diagnostics in non-verbose mode (mapping-language §9.4 step 4). */
function lowerCollect(config: AppConfig, bindings: Record<string, unknown>): void {
  const thrown = bindings.throwLevel;
  bindings.collectLevel = typeof thrown === 'number' ? thrown : config.eval.thresholds.throwLevel;
}
