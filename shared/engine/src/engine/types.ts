import type { ExplainReport } from '../explain/explain-report.js';
import type { Limits } from '../runtime/limits.js';
import type { MapxError } from '../errors/mapx-error.js';
import type { FhirContext } from '@mapx/fhir';
import type { EngineLogger, Diagnostic } from '../runtime/policy.js';
import type { DeterministicOptions } from '../runtime/deterministic.js';

export interface EngineOptions {
  /** The FHIR context; undefined while warming up or after a failure (FLASH then fails to compile, F1000). */
  fhir: () => FhirContext | undefined;
  fhirUnavailableReason?: () => string | undefined;
  cacheMaxEntries?: number;
  thresholds?: { throwLevel?: number; logLevel?: number; collectLevel?: number; validationLevel?: number };
  /** Bounds on time, depth and sizes that input controls (runtime/limits.ts, docs/security.md). */
  limits?: Partial<Limits>;
  logger?: EngineLogger;
  /**
   * A string other than true/false (any case) or a number assigned to a FHIR boolean is the error F5115
   * instead of the warning F5350 (default false; the service's MAPX_EVAL_STRICT_BOOLEANS).
   */
  strictBooleans?: boolean;
  /** Host services handed to built-in functions (`fhirClient`, `serverConceptMaps`, …). */
  services?: Record<string, unknown>;
  /**
   * Values bound as variables in every expression, below every binding of a call (the service's built-in
   * aliases). Bound once per compiled expression instead of at every evaluation.
   */
  constants?: Readonly<Record<string, unknown>>;
  /**
   * The engine has its thread to itself, and the thread's time limit is enforced from outside it (the service's
   * evaluation threads): an expression whose synchronous form covers it then runs to its end without yielding,
   * instead of through JSONata's asynchronous evaluator. Elsewhere only short runs do (`EvaluateOptions.short`).
   */
  ownThread?: boolean;
}

export interface MappingResolver {
  /**
   * The keys never change for this resolver's lifetime (an immutable snapshot): the engine then checks them once,
   * instead of at every evaluation, before reusing the mapping functions it built for it.
   */
  readonly fixedKeys?: boolean;
  keys(): Iterable<string>;
  get(key: string): string | undefined;
}

export interface EvaluateOptions {
  /** Saved mappings, bound as functions `$<key>(input?, bindings?)` at this evaluation (§6.10). */
  mappings?: MappingResolver;
  /**
   * The caller checked that this run is short: the expression has a `costBound` and the input is small enough for
   * it (`costBound` × input size within the caller's budget). It then runs without the per-node cooperative
   * scheduling and clock checks, which the bound makes useless. Ignored for an expression without a `costBound`.
   */
  short?: boolean;
  /** Overrides the engine's `strictBooleans` for this evaluation. */
  strictBooleans?: boolean;
  /** Test mode: `$now()`/`$millis()`/`$rightNow()` read a fixed clock and `$uuid()` a seeded sequence. */
  deterministic?: DeterministicOptions;
}

export interface VerboseReport {
  ok: boolean;
  status: 200 | 206 | 422;
  result?: unknown;
  diagnostics: { error: Diagnostic[]; warning: Diagnostic[]; debug: Diagnostic[] };
  executionId: string;
  /** Only from the explain variant (`engine.compile(source, { explain: true })`). */
  explain?: ExplainReport;
}

export interface CompiledExpression {
  readonly source: string;
  /** Compile-time warnings (e.g. F5351, a literal a boolean conversion changes); also in every verbose report. */
  readonly warnings: readonly MapxError[];
  /**
   * Present when the compiler proved the evaluation bounded by construction (no recursion, loop, regular
   * expression, variable or unbounded construct; docs/security.md): it then takes at most about
   * `costBound` × (nodes and characters of its input) steps, and builds values at most that large.
   */
  readonly costBound?: number;
  /**
   * Whether the expression has a synchronous form (every node in the language direct/compile-program.ts covers,
   * every call a synchronous function): runs of an engine with `ownThread`, and short runs, then take it.
   */
  readonly synchronous: boolean;
  evaluate(input: unknown, bindings?: Record<string, unknown>, options?: EvaluateOptions): Promise<unknown>;
  evaluateVerbose(
    input: unknown,
    bindings?: Record<string, unknown>,
    options?: EvaluateOptions,
  ): Promise<VerboseReport>;
}

export interface CompileOptions {
  /**
   * The explain variant: compiled and cached separately, with tracing hooks (input reads, rule evaluations);
   * its verbose reports carry `explain`. The normal variant never has them.
   */
  explain?: boolean;
}

export interface Engine {
  /** Compiles (LRU-cached by source + FHIR context key); rejects with a MapxError. */
  compile(source: string, options?: CompileOptions): Promise<CompiledExpression>;
  /**
   * The compiled expression of `source` when the cache already holds it built (by an earlier `compile` that has
   * settled), else undefined; compiles nothing. Lets a caller take a hot path without a promise.
   */
  compiledNow(source: string): CompiledExpression | undefined;
  registerFunction(name: string, impl: (...args: any[]) => unknown, signature?: string): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  registerBinding(name: string, value: unknown): void;
}
