import type { FhirContext } from '@mapx/fhir';
import type { FunctionCallContext, MapxFunction } from '../functions/index.js';
import { lineOf } from '../errors/mapx-error.js';
import { report, stateOf, type Env } from '../runtime/policy.js';
import { callStart } from '../syntax/call-start.js';
import type { Emitter } from '../syntax/emitter.js';
import type { JsonataFunction } from './jsonata-natives.js';
import { needsAsync } from '../runtime/sync-run.js';

export interface Focus {
  environment: Env & { bind?(name: string, value: unknown): void };
  input: unknown;
}

export interface CallHost {
  source: string;
  emitter: Emitter;
  fhir: () => FhirContext | undefined;
  services: Record<string, unknown>;
  evaluateSource(
    env: Env,
    source: string,
    input: unknown,
    bindings?: Record<string, unknown>,
  ): Promise<unknown>;
  evaluateSourceNow?(env: Env, source: string, input: unknown, bindings?: Record<string, unknown>): unknown;
}

type Site = { position?: number; start?: number; line?: number };
/** Call site of a native function (§6.8): JSONata stamps the lowered position on the function value. */
function callSiteOf(host: CallHost, lowered: number | undefined): Site {
  if (lowered === undefined) return {};
  let position = host.emitter.toUser(lowered);
  // JSONata stamps the end of the name (not of the `(`) on calls in tail position
  if (host.source[position - 1] !== '(' && host.source[position] === '(') position++;
  const start = callStart(host.source, position);
  if (start === undefined) return { position, line: lineOf(host.source, position) };
  return { position, start, line: lineOf(host.source, start) };
}

interface Wrapper {
  host: CallHost;
  fn: MapxFunction;
  /** Tells the wrapper which JSONata function value holds it (JSONata stamps call positions on that value). */
  adopt(self: JsonataFunction): void;
}

const wrappers = new WeakMap<object, Wrapper>();

/**
 * The same native function bound to another source text. `$eval` and mapping functions run other compiled text
 * in a frame chained to the caller's; a built-in looked up there is re-bound so that its call site is mapped
 * through the text the call was written in (a lambda from the caller keeps the caller's binding).
 */
export function rebindNative(
  value: unknown,
  text: Pick<CallHost, 'source' | 'emitter'>,
  cache: Map<object, unknown>,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const impl = (value as Partial<JsonataFunction>).implementation;
  const entry = typeof impl === 'function' ? wrappers.get(impl) : undefined;
  if (!entry || entry.host.source === text.source) return value;
  let bound = cache.get(value);
  if (!bound) {
    const host = { ...entry.host, source: text.source, emitter: text.emitter };
    const implementation = wrapFunction(host, entry.fn);
    const fresh: JsonataFunction = { ...(value as JsonataFunction), implementation };
    wrappers.get(implementation)!.adopt(fresh);
    cache.set(value, (bound = fresh));
  }
  return bound;
}

/**
 * The `this` of one native call. A class rather than an object literal of closures: a call is made for every
 * function a mapping calls, and the literal (three closures, a getter, a looked-up state) cost more than many
 * small functions themselves. What a function may not read (call site, state, FHIR context) is found on first read.
 */
class CallContext implements FunctionCallContext {
  private site: Site | undefined;
  constructor(
    private readonly host: CallHost,
    readonly environment: FunctionCallContext['environment'] & Env,
    readonly input: unknown,
    private readonly lowered: number | undefined,
  ) {}

  get executionId(): string {
    return stateOf(this.environment)?.executionId ?? '';
  }

  get callSite(): Site {
    return (this.site ??= callSiteOf(this.host, this.lowered));
  }

  get fhir() {
    return this.host.fhir();
  }

  get services() {
    return this.host.services;
  }

  report(diag: { code: string; message?: string; [k: string]: unknown }): void {
    const { code, ...fields } = diag;
    report(this.environment, code, { ...this.callSite, ...fields });
  }

  evaluateSource(source: string, input: unknown, bindings?: Record<string, unknown>): Promise<unknown> {
    return this.host.evaluateSource(this.environment, source, input, bindings);
  }

  evaluateSourceNow(source: string, input: unknown, bindings?: Record<string, unknown>): unknown {
    const now = this.host.evaluateSourceNow;
    if (!now) throw needsAsync();
    return now(this.environment, source, input, bindings);
  }
}

/** Wraps a MapxFunction so its implementation runs with a FunctionCallContext as `this`. */
export function wrapFunction(host: CallHost, fn: MapxFunction): (this: Focus, ...args: unknown[]) => unknown {
  let self: JsonataFunction | undefined;
  const wrapper = function (this: Focus, ...args: unknown[]) {
    const env = this.environment;
    if (!self) {
      const found = env.lookup(fn.name) as JsonataFunction | undefined;
      if (found?.implementation === wrapper) self = found;
    }
    // read now: the function value is shared, a concurrent call may stamp another position before we report;
    // unknown holder (e.g. first reached through a tail call from other text) → no call site rather than a wrong one
    const lowered = self?.position;
    const ctx = new CallContext(
      host,
      env as FunctionCallContext['environment'] & Env,
      this.input,
      typeof lowered === 'number' ? lowered : undefined,
    );
    return fn.impl.apply(ctx, args);
  };
  wrappers.set(wrapper, { host, fn, adopt: (v) => (self = v) });
  return wrapper;
}
