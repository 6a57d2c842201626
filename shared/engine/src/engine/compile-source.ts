import { jsonata, type JsonataExpression } from '../runtime/jsonata-module.js';
import { jsonataSync } from '../runtime/jsonata-sync.js';
import type { FhirContext } from '@mapx/fhir';
import { createNavigator } from '@mapx/fhir';
import { createFlashResolver } from '../compile/flash-resolver.js';
import { createError, isCodedError, lineOf, type MapxError } from '../errors/mapx-error.js';
import { planRuleBindings } from '../compile/binding-plan.js';
import type { FlashTables } from '../compile/flash-plan.js';
import { SafeRegExp } from '../runtime/guardrails.js';
import { checkExpressionText, type Limits } from '../runtime/limits.js';
import { rewriteConcat } from '../syntax/concat-rewrite.js';
import { callStart } from '../syntax/call-start.js';
import { lower } from '../syntax/lowering.js';
import { parseStructure } from '../syntax/parser.js';
import { checkLoweredNames } from '../syntax/reserved-names.js';
import type { Emitter } from '../syntax/emitter.js';
import { addSuggestions, staticChecks } from '../static-checks/index.js';
import { boundedCost } from '../static-checks/bounded-cost.js';

export interface CompiledCore {
  source: string;
  lowered: string;
  jexpr: JsonataExpression;
  emitter: Emitter;
  tables: FlashTables | undefined;
  /** Compile-time (static) warnings, e.g. F5351; reported with every verbose evaluation. */
  warnings: readonly MapxError[];
  /** Steps per input node the evaluation is proven to stay within (static-checks/bounded-cost); undefined: none. */
  costBound: number | undefined;
}

export interface CompileInputs {
  fhir: FhirContext | undefined;
  unavailable: () => string | undefined;
  limits: Limits;
  /** Compile the explain variant (tracing hooks); the normal variant is compiled without them. */
  explain?: boolean;
}

/** Parses, resolves FLASH against the FHIR context, lowers and compiles with jsonata. Throws MapxError. */
export function compileSource(source: string, inputs: CompileInputs): CompiledCore {
  checkExpressionText(source, inputs.limits);
  try {
    return compileChecked(source, inputs);
  } catch (e) {
    // the text checks bound the nesting the parsers see; this is the net behind them
    if (e instanceof RangeError)
      throw createError('L1005', { limit: inputs.limits.maxExpressionDepth, position: 0 });
    throw e;
  }
}

function compileChecked(source: string, inputs: CompileInputs): CompiledCore {
  const parsed = parseStructure(source);
  const nav = parsed.hasFlash && inputs.fhir ? createNavigator(inputs.fhir) : undefined;
  const { resolver, tables, errors, warnings } = createFlashResolver(source, nav, inputs.unavailable);
  const { text, emitter } = lower(parsed, resolver, inputs.explain === true);
  const unresolved = errors();
  if (unresolved.length > 0) {
    addSuggestions(unresolved, nav, inputs.fhir);
    throw withAllErrors(unresolved);
  }
  let jexpr: JsonataExpression;
  try {
    jexpr = jsonata(text, {
      // no `timeout`: the entry hook checks the deadline every 1024 nodes (runtime/guardrails.ts)
      stack: inputs.limits.maxDepth,
      sequence: inputs.limits.maxSequenceLength,
      RegexEngine: SafeRegExp as unknown as RegExpConstructor,
    });
  } catch (e) {
    throw mapError(e, source, emitter);
  }
  checkLoweredNames(jexpr.ast(), emitter, source);
  rewriteConcat(jexpr.ast());
  const t = parsed.hasFlash ? tables() : undefined;
  if (t && inputs.fhir?.terminology) t.terminology = inputs.fhir.terminology;
  if (t) planRuleBindings(t);
  if (t && inputs.explain) t.explain = true;
  const found = [...warnings(), ...staticChecks(parsed, t)];
  // the explain variant traces every read: never a candidate for evaluation outside the isolation
  const costBound = inputs.explain ? undefined : boundedCost(jexpr.ast(), t);
  return { source, lowered: text, jexpr, emitter, tables: t, warnings: found, costBound };
}

/**
 * The expression compiled by the synchronous JSONata (runtime/jsonata-sync.ts): the same lowered text, the same
 * options. Undefined where there is no synchronous JSONata.
 */
export function syncVariant(core: CompiledCore, limits: Limits): JsonataExpression | undefined {
  const sync = jsonataSync();
  if (!sync) return undefined;
  const jexpr = sync(core.lowered, {
    stack: limits.maxDepth,
    sequence: limits.maxSequenceLength,
    RegexEngine: SafeRegExp as unknown as RegExpConstructor,
  });
  rewriteConcat(jexpr.ast());
  return jexpr;
}

/**
 * The variant of a bounded expression (`costBound` defined) for short runs (`EvaluateOptions.short`): the same
 * lowered text, compiled without JSONata's `sequence` bound (which gives every sequence a `push` closure of its
 * own) and given no entry hook by the engine, so no `await` and no check at every node. The bound makes both
 * useless: a short run is proven to stay within a few milliseconds of steps, far below any sequence limit.
 */
export function shortVariant(core: CompiledCore, limits: Limits): JsonataExpression {
  const jexpr = jsonata(core.lowered, {
    stack: limits.maxDepth,
    RegexEngine: SafeRegExp as unknown as RegExpConstructor,
  });
  rewriteConcat(jexpr.ast());
  return jexpr;
}

/**
 * The first error, carrying all of them in `errors` (non-enumerable, so the legacy payload is unchanged):
 * a mapping with two unknown element paths reports both (up to MAX_COMPILE_ERRORS).
 */
function withAllErrors(errors: MapxError[]): MapxError {
  const first = errors[0]!;
  Object.defineProperty(first, 'errors', { value: errors, enumerable: false });
  return first;
}

/** Maps a JSONata error raised on the lowered text back to the user's text (position, start, line). */
export function mapError(e: unknown, source: string, emitter: Emitter): MapxError {
  if (!isCodedError(e)) {
    const message = e instanceof Error ? e.message : String(e);
    return createError('U1001', { message, position: 0, start: 0, line: 1 });
  }
  const err = e as MapxError & { __pinned?: Record<string, unknown> };
  const pinned = err.__pinned;
  if (pinned) {
    for (const k of ['position', 'start', 'line', 'token'] as const) {
      if (pinned[k] === undefined) delete err[k];
      else err[k] = pinned[k] as never;
    }
    return err;
  }
  if (typeof err.position === 'number') {
    const pos = emitter.toUser(err.position);
    const token = typeof err.token === 'string' ? err.token : '';
    const start = callStart(source, pos) ?? Math.max(0, pos - token.length);
    err.position = pos;
    err.start = start;
    err.line = lineOf(source, start);
  }
  return err;
}
