import type { FhirContext } from '@mapx/fhir';
import type { FunctionCallContext, MapxFunction } from '../functions/index.js';
import { lineOf } from '../errors/mapx-error.js';
import { report, stateOf, type Env } from '../runtime/policy.js';
import type { Emitter } from '../syntax/emitter.js';
import type { JsonataFunction } from './jsonata-natives.js';

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
}

/** Call site of a native function (§6.8): JSONata stamps the lowered position on the function value. */
function callSiteOf(
  host: CallHost,
  env: Env,
  name: string,
): { position?: number; start?: number; line?: number } {
  const proc = env.lookup(name) as JsonataFunction | undefined;
  if (!proc || typeof proc.position !== 'number') return {};
  const position = host.emitter.toUser(proc.position);
  let start = Math.max(0, position - name.length);
  if (host.source.slice(position - name.length - 2, position - 1) === '$' + name)
    start = position - name.length - 2;
  return { position, start, line: lineOf(host.source, start) };
}

/** Wraps a MapxFunction so its implementation runs with a FunctionCallContext as `this`. */
export function wrapFunction(host: CallHost, fn: MapxFunction): (this: Focus, ...args: unknown[]) => unknown {
  return function (this: Focus, ...args: unknown[]) {
    const env = this.environment;
    let site: ReturnType<typeof callSiteOf> | undefined;
    const ctx: FunctionCallContext = {
      executionId: stateOf(env)?.executionId ?? '',
      input: this.input,
      environment: env as FunctionCallContext['environment'],
      get callSite() {
        site ??= callSiteOf(host, env, fn.name);
        return site;
      },
      report(diag) {
        site ??= callSiteOf(host, env, fn.name);
        const { code, ...fields } = diag;
        report(env, code, { ...site, ...fields });
      },
      evaluateSource: (source, input, bindings) => host.evaluateSource(env, source, input, bindings),
      fhir: host.fhir(),
      services: host.services,
    };
    return fn.impl.apply(ctx, args);
  };
}
