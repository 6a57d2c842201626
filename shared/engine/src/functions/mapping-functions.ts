import { functionError } from './function-error.js';
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

/**
 * `$key(input?, bindings?)` for one saved mapping (§6.10): evaluated in the caller's environment
 * (dynamic scoping), with the call's context value when `input` is omitted.
 */
export function createMappingFunction(key: string, resolver: MappingResolver): MapxFunction {
  return {
    name: key,
    signature: '<x?o?:x>',
    async impl(this: FunctionCallContext, input?: unknown, bindings?: Record<string, unknown>) {
      const text = await mappingText(resolver, key);
      try {
        return await this.evaluateSource(text, input === undefined ? this.input : input, bindings);
      } catch (err) {
        const code = (err as { code?: unknown } | null)?.code;
        const wrapper = typeof code === 'string' && COMPILE_CODE.test(code) ? 'F3002' : 'F3001';
        throw functionError(wrapper, { value: key, token: key, ...summary(err) });
      }
    },
  };
}
