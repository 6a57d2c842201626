import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { stringifyValue } from './string-functions.js';

/**
 * Reports a helper diagnostic. Helpers never throw whatever the thresholds (§6.3): the policy collects
 * before it throws, so a throw from `report` is swallowed here on purpose.
 */
function emit(
  ctx: FunctionCallContext,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  const diag: { code: string; message: string; [k: string]: unknown } = { code, message, ...extra };
  diag['executionId'] = ctx.executionId;
  for (const field of ['position', 'start', 'line'] as const) {
    const v = ctx.callSite?.[field];
    if (v !== undefined) diag[field] = v;
  }
  try {
    ctx.report(diag);
  } catch (err) {
    // collected already; helpers must not abort the evaluation
    if ((err as { code?: unknown } | null)?.code !== code) throw err;
  }
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  return stringifyValue(v, false) ?? 'undefined';
}

export const diagnosticFunctions: readonly MapxFunction[] = [
  {
    name: 'trace',
    signature: '<x-sx?:x>',
    impl(this: FunctionCallContext, value?: unknown, label?: string, projection?: unknown) {
      const shown = projection === undefined ? value : projection;
      emit(this, 'F5600', `${label ?? ''}: ${text(shown)}`, { label, value });
      return value;
    },
  },
  {
    name: 'info',
    signature: '<s?:u>',
    impl(this: FunctionCallContext, message?: string) {
      emit(this, 'F5500', message ?? '');
      return undefined;
    },
  },
  ...['warn', 'warning'].map((name): MapxFunction => ({
    name,
    signature: '<s?:u>',
    impl(this: FunctionCallContext, message?: string) {
      emit(this, 'F5320', message ?? '');
      return undefined;
    },
  })),
];
