import { functionError } from './function-error.js';
import { needsAsync, syncRun } from '../runtime/sync-run.js';
import type { FunctionCallContext, MapxFunction, MappingResolver } from './function-types.js';

/** Parse, FLASH syntax and FHIR-resolution codes: failures of compiling a mapping, not of running it. */
const COMPILE_CODE = /^(S0|F0|F1|F2)\d{3}$/;

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
}

function summary(err: unknown): { sourceMessage: string; sourceErrorCode?: string } {
  const e = err as { message?: unknown; code?: unknown } | null;
  const sourceMessage = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' ? { sourceMessage, sourceErrorCode: e.code } : { sourceMessage };
}

async function mappingText(resolver: MappingResolver, key: string): Promise<string> {
  let text: unknown;
  try {
    text = await resolver.get(key);
  } catch (err) {
    throw functionError('F3006', { value: key, token: key, ...summary(err) });
  }
  if (text === undefined)
    throw functionError('F3006', { value: key, token: key, sourceMessage: 'the mapping does not exist' });
  if (typeof text !== 'string')
    throw functionError('F3008', { value: key, token: key, valueType: jsonType(text) });
  return text;
}

function failed(key: string, err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  const wrapper = typeof code === 'string' && COMPILE_CODE.test(code) ? 'F3002' : 'F3001';
  return functionError(wrapper, { value: key, token: key, ...summary(err) });
}

/**
 * `$key(input?, bindings?)` for one saved mapping (§6.10): evaluated in the caller's environment
 * (dynamic scoping), with the call's context value when `input` is omitted. In a synchronous run (an evaluation
 * thread's, runtime/sync-run.ts) the mapping is evaluated at once, when the resolver has its text at hand.
 */
export function createMappingFunction(key: string, resolver: MappingResolver): MapxFunction {
  return {
    name: key,
    signature: '<x?o?:x>',
    impl(this: FunctionCallContext, input?: unknown, bindings?: Record<string, unknown>) {
      const focus = input === undefined ? this.input : input;
      if (syncRun.active && this.evaluateSourceNow) {
        const text = resolver.get(key);
        // an error is the asynchronous run's to raise, with its message: this run is abandoned (sync-tier.ts)
        if (typeof text !== 'string') throw needsAsync();
        return this.evaluateSourceNow(text, focus, bindings);
      }
      return evaluateMapping(this, key, resolver, focus, bindings);
    },
  };
}

async function evaluateMapping(
  ctx: FunctionCallContext,
  key: string,
  resolver: MappingResolver,
  focus: unknown,
  bindings?: Record<string, unknown>,
): Promise<unknown> {
  const text = await mappingText(resolver, key);
  try {
    return await ctx.evaluateSource(text, focus, bindings);
  } catch (err) {
    throw failed(key, err);
  }
}
