import jsonata from 'jsonata';
import type { FhirContext } from '@mapx/fhir';
import { builtinFunctions, type FunctionCallContext, type MapxFunction } from '../../src/functions/index.js';

/**
 * A FunctionCallContext built the way the engine builds one: a real jsonata evaluation behind
 * `evaluateSource`, a policy that collects every diagnostic and throws below `throwLevel`.
 */
export interface TestContext extends FunctionCallContext {
  reported: Record<string, unknown>[];
}

export interface TestContextOptions {
  input?: unknown;
  services?: Record<string, unknown>;
  fhir?: FhirContext;
  throwLevel?: number;
  extraFunctions?: readonly MapxFunction[];
}

function severity(code: string): number {
  return /^F5\d{3}$/.test(code) ? Number(code.slice(2, 4)) : 0;
}

export function createTestContext(options: TestContextOptions = {}): TestContext {
  const vars = new Map<unknown, unknown>();
  const ctx: TestContext = {
    executionId: '00000000-0000-4000-8000-000000000001',
    input: options.input,
    environment: { lookup: (name) => vars.get(name), bind: (name, value) => void vars.set(name, value) },
    callSite: { position: 8, start: 0, line: 1 },
    reported: [],
    report(diag) {
      ctx.reported.push(diag);
      if (severity(diag.code) < (options.throwLevel ?? 30)) throw diag;
    },
    evaluateSource: (source, input, bindings) =>
      evaluateIn(ctx, source, input, bindings, options.extraFunctions),
    fhir: options.fhir,
    services: options.services ?? {},
  };
  return ctx;
}

/** Evaluates `source` with jsonata plus every built-in (and `extra`), each call getting `ctx` as its base. */
export async function evaluateIn(
  ctx: TestContext,
  source: string,
  input?: unknown,
  bindings?: Record<string, unknown>,
  extra: readonly MapxFunction[] = [],
): Promise<unknown> {
  const expr = jsonata(source);
  for (const f of [...builtinFunctions, ...extra]) {
    expr.registerFunction(
      f.name,
      function (
        this: { environment: FunctionCallContext['environment']; input: unknown },
        ...args: unknown[]
      ) {
        return f.impl.apply(
          { ...ctx, report: ctx.report, environment: this.environment, input: this.input },
          args,
        );
      },
      f.signature,
    );
  }
  return expr.evaluate(input, bindings);
}

export function builtin(name: string): MapxFunction {
  const f = builtinFunctions.find((b) => b.name === name);
  if (!f) throw new Error(`no built-in ${name}`);
  return f;
}

/** Calls a built-in's impl directly with `ctx` as `this`. */
export function call(ctx: FunctionCallContext, name: string, ...args: unknown[]): unknown {
  return builtin(name).impl.apply(ctx, args);
}
