import type { FunctionCallContext, MapxFunction } from '../functions/index.js';
import { syncRun } from '../runtime/sync-run.js';
import { PICTURE_ALIASES } from '../functions/index.js';
import { createError, isCodedError } from '../errors/mapx-error.js';
import type { JsonataFunction } from './jsonata-natives.js';
import { fixedNow } from '../runtime/deterministic.js';
import type { Env } from '../runtime/policy.js';

type Originals = Record<string, JsonataFunction>;

/** The evaluation's frozen timestamp (a frame without one is outside an evaluation: the current time). */
const timestampOf = (focus: unknown): Date => {
  const env = (focus as { environment: Env & { timestamp?: Date | null } }).environment;
  const fixed = fixedNow(env);
  return fixed === undefined ? (env.timestamp ?? new Date()) : new Date(fixed);
};

/**
 * Functions the engine itself provides: `$now`/`$millis` frozen per evaluation (concurrency-safe, from the
 * evaluation frame), the picture aliases of `$now`/`$fromMillis`, and `$eval` with full mapx syntax.
 */
export function engineFunctions(originals: Originals): MapxFunction[] {
  const fromMillis = originals['fromMillis']!.implementation;
  const alias = (p: unknown): unknown => (typeof p === 'string' ? (PICTURE_ALIASES[p] ?? p) : p);
  return [
    {
      name: 'now',
      signature: '<s?s?:s>',
      impl(this: unknown, picture?: unknown, tz?: unknown) {
        return fromMillis.call(this, timestampOf(this).getTime(), alias(picture), tz);
      },
    },
    {
      name: 'millis',
      signature: '<:n>',
      impl(this: unknown) {
        return timestampOf(this).getTime();
      },
    },
    {
      name: 'fromMillis',
      signature: '<n-s?s?:s>',
      impl(this: unknown, ms?: unknown, picture?: unknown, tz?: unknown) {
        return fromMillis.call(this, ms, alias(picture), tz);
      },
    },
    {
      name: 'eval',
      signature: '<sx?:x>',
      impl(expr?: unknown, focus?: unknown) {
        if (expr === undefined) return undefined;
        const input = focus === undefined ? this.input : focus;
        // a failure in a synchronous run is the asynchronous run's to raise (engine/sync-tier.ts)
        if (syncRun.active && this.evaluateSourceNow) return this.evaluateSourceNow(String(expr), input);
        return evaluateText(this, String(expr), input);
      },
    },
  ];
}

async function evaluateText(ctx: FunctionCallContext, expr: string, input: unknown): Promise<unknown> {
  try {
    return await ctx.evaluateSource(expr, input);
  } catch (e) {
    const inner = isCodedError(e) ? e : { code: '', message: String(e) };
    const compileTime = /^(S0|F0|F1|F2)\d{3}$/.test(inner.code);
    throw createError(compileTime ? 'D3120' : 'D3121', {
      value: inner.message,
      error: inner,
      token: 'eval',
    });
  }
}
