import { levelOf, severityOf } from '../errors/catalogue.js';
import { createError, type MapxError } from '../errors/mapx-error.js';

export interface Thresholds {
  throwLevel: number;
  logLevel: number;
  collectLevel: number;
  validationLevel: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  throwLevel: 30,
  logLevel: 40,
  collectLevel: 70,
  validationLevel: 30,
};

export interface EngineLogger {
  error(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  info(o: object, m?: string): void;
  debug(o: object, m?: string): void;
}

export interface Diagnostic extends MapxError {
  severity: number;
  level: string;
  timestamp: number;
}

/** Test mode of one evaluation (runtime/deterministic.ts): the fixed clock and the UUID sequence so far. */
export interface DeterministicState {
  readonly now: number;
  readonly seed: string;
  next: number;
}

/** Per-evaluation state, bound as `$__mapx` in the evaluation frame. */
export interface EvalState {
  executionId: string;
  bag: { error: Diagnostic[]; warning: Diagnostic[]; debug: Diagnostic[] };
  seen: Set<string>;
  logger: EngineLogger | undefined;
  defaults: Thresholds;
  /** Date.now() past which the evaluation has run out of time (waits end there, §limits). */
  deadline?: number;
  timeoutMs?: number;
  /** A FHIR boolean from anything but true/false is F5115 (error) instead of F5350 (warning). */
  strictBooleans: boolean;
  /** Test mode: fixed clock and seeded UUID sequence (undefined outside test runs). */
  deterministic?: DeterministicState;
  /** A saved mapping as a `$id(...)` function, for text evaluated in a caller's frame (engine/mapping-natives.ts). */
  mappingNative?: (name: string) => unknown;
}

export interface Env {
  lookup(name: string | symbol): unknown;
}

export const STATE_BINDING = '__mapx';

export function stateOf(env: Env): EvalState | undefined {
  return env.lookup(STATE_BINDING) as EvalState | undefined;
}

/** Thresholds are read from the evaluation scope (bindings or `$throwLevel := …`), §7.3. */
export function threshold(env: Env, name: keyof Thresholds): number {
  const v = env.lookup(name);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return stateOf(env)?.defaults[name] ?? DEFAULT_THRESHOLDS[name];
}

/** A validation runs only when its code's severity is inside the validation band. */
export function shouldValidate(env: Env, code: string): boolean {
  return severityOf(code) < threshold(env, 'validationLevel');
}

/** Routes an issue through the policy: log, collect, throw (§7.3). Returns when it is downgraded. */
export function report(env: Env, code: string, fields: Record<string, unknown>, forceThrow = false): void {
  const state = stateOf(env);
  const err = createError(code, { ...fields, ...(state ? { executionId: state.executionId } : {}) });
  const sev = severityOf(code);
  if (sev < threshold(env, 'logLevel')) logIssue(state?.logger, err, sev);
  if (state && sev < threshold(env, 'collectLevel')) collect(state, err);
  if (forceThrow || sev < threshold(env, 'throwLevel')) {
    Object.defineProperty(err, '__collected', {
      value: state !== undefined && sev < threshold(env, 'collectLevel'),
      enumerable: false,
    });
    throw pinPosition(err);
  }
}

function logIssue(logger: EngineLogger | undefined, err: MapxError, sev: number): void {
  if (!logger) return;
  const where =
    err['fhirParent'] || err['fhirElement']
      ? ` [${String(err['fhirParent'] ?? '')} -> ${String(err['fhirElement'] ?? '')}]`
      : '';
  const msg = `${err.code}: ${err.message}${where}`;
  const level = levelOf(sev);
  const obj = { code: err.code, executionId: err['executionId'] };
  if (sev < 30) logger.error(obj, msg);
  else if (level === 'warning') logger.warn(obj, msg);
  else if (sev < 60) logger.info(obj, msg);
  else logger.debug(obj, msg);
}

const PRIVATE = new Set(['stack', '__collected', '__pinned', 'cause', 'flashDiagnostics', 'error']);

/**
 * JSONata overwrites `position`/`token` of errors passing through a native call with the call site in the
 * lowered text; errors that already point at the user's text keep a copy that the engine restores.
 */
export function pinPosition<T extends Record<string, unknown>>(err: T): T {
  Object.defineProperty(err, '__pinned', {
    value: { position: err['position'], start: err['start'], line: err['line'], token: err['token'] },
    enumerable: false,
  });
  return err;
}

/** Adds an issue to the bag once (same code, place, message and bucket), with severity, level, timestamp. */
export function collect(state: EvalState, err: Record<string, unknown>): void {
  const severity = severityOf(err['code'] as string);
  const entry: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (!PRIVATE.has(k) && typeof v !== 'function' && !(v instanceof Error)) entry[k] = v;
  }
  if (typeof entry['message'] !== 'string') entry['message'] = String(err['message'] ?? '');
  Object.assign(entry, { severity, level: levelOf(severity), timestamp: Date.now() });
  const bucket = severity < 30 ? 'error' : severity < 40 ? 'warning' : 'debug';
  const key = JSON.stringify([
    entry['code'],
    entry['fhirParent'],
    entry['fhirElement'],
    entry['position'],
    entry['start'],
    entry['line'],
    entry['message'],
    bucket,
  ]);
  if (state.seen.has(key)) return;
  state.seen.add(key);
  state.bag[bucket].push(entry as Diagnostic);
}
