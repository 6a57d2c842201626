import type { FhirContext } from '@mapx/fhir';

/** The object the engine passes as `this` to every MapxFunction implementation. */
export interface FunctionCallContext {
  executionId: string;
  /** The context value at the call site. */
  input: unknown;
  /** jsonata's environment of the call; `bind` (when present) binds in the caller's frame. */
  environment: { lookup(name: string): unknown; bind?(name: string, value: unknown): void };
  callSite?: { position?: number; start?: number; line?: number };
  /** Goes through the §7 policy: collects/logs, and THROWS when severity < throwLevel. */
  report(diag: { code: string; message?: string; [k: string]: unknown }): void;
  /** Compiles (cached) and evaluates mapx source in the caller's environment. */
  evaluateSource(source: string, input: unknown, bindings?: Record<string, unknown>): Promise<unknown>;
  /**
   * The same within a synchronous run (runtime/sync-run.ts `syncRun.active`), which gives the value itself and
   * throws where the run must be left to JSONata. Absent where the engine has no synchronous runs.
   */
  evaluateSourceNow?(source: string, input: unknown, bindings?: Record<string, unknown>): unknown;
  fhir: FhirContext | undefined;
  /** Host services: `fhirClient`, `mappings`, `serverConceptMaps`, `fhirConnectionResolver`. */
  services: Record<string, unknown>;
  /**
   * Optional (additive): invokes a JSONata function value (lambda, built-in or native) with arguments.
   * When absent the functions use their own invoker (see invoke-function.ts).
   */
  invoke?(fn: unknown, args: readonly unknown[]): Promise<unknown>;
}

export interface MapxFunction {
  name: string;
  /** JSONata signature syntax, e.g. `<s-s:b>`. */
  signature?: string;
  impl: (this: FunctionCallContext, ...args: any[]) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A saved mapping source as seen by mapping functions (§6.10). */
export interface MappingResolver {
  keys(): Iterable<string>;
  get(key: string): unknown;
}
