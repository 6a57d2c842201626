import { builtinAliases } from '@mapx/engine';
import type { MapxServices } from '../services.js';
import type { EvaluationRequest } from './run-evaluation.js';

/**
 * Bindings by precedence, lowest first (mapping-language §6.6): aliases (built-in, then the sources'),
 * static JSON values, then per-call bindings. Built-in aliases are bound with or without a mapping source
 * (decision §0 item 4). Mapping functions are bound by the engine last.
 */
export function buildBindings(services: MapxServices, req: EvaluationRequest): Record<string, unknown> {
  const view = services.mappings.current();
  // loops rather than spreads: spreading the frozen alias table took V8's slow path on every request
  const bindings: Record<string, unknown> = {};
  for (const k in builtinAliases) bindings[k] = builtinAliases[k];
  for (const [k, v] of view.aliases) bindings[k] = v;
  for (const [k, v] of view.statics) bindings[k] = v;
  if (req.bindings) for (const k of Object.keys(req.bindings)) bindings[k] = req.bindings[k];
  if (!req.verbose && req.lowerCollect) {
    const thrown = bindings.throwLevel;
    bindings.collectLevel = typeof thrown === 'number' ? thrown : services.config.eval.thresholds.throwLevel;
  }
  return bindings;
}
