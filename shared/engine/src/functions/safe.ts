import type { FunctionCallContext } from './function-types.js';
import { invokeFunction } from './invoke-function.js';
import { functionArity } from './jsonata-values.js';

const ERROR_FIELDS = ['sourceMessage', 'sourceErrorCode', 'status', 'request', 'operationOutcome'] as const;

/** The public summary of a caught error: code, message and the sanitised source fields, nothing raw. */
export function summariseError(err: unknown): Record<string, unknown> {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as Record<
    string,
    unknown
  >;
  const out: Record<string, unknown> = {};
  if (typeof e['code'] === 'string') out['code'] = e['code'];
  out['message'] = typeof e['message'] === 'string' ? e['message'] : String(e['code'] ?? 'Unknown error');
  for (const field of ERROR_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  return out;
}

/** `$safe(fn)`: a function that never throws and answers `{ok, result}` or `{ok: false, error}`. */
export function safeFunction(
  ctx: FunctionCallContext,
  fn: unknown,
): (...args: unknown[]) => Promise<unknown> {
  const wrapper = async (...args: unknown[]): Promise<unknown> => {
    try {
      const result = await invokeFunction(ctx, fn, args);
      return result === undefined ? { ok: true } : { ok: true, result };
    } catch (err) {
      return { ok: false, error: summariseError(err) };
    }
  };
  // JSONata passes higher-order callbacks as many arguments as the function declares
  return Object.assign(wrapper, { arity: functionArity(fn) });
}
