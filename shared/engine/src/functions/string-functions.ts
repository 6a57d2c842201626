import { argumentError, functionError } from './function-error.js';
import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { invokeFunction, invokeFunctionNow } from './invoke-function.js';
import { settledNow, syncRun } from '../runtime/sync-run.js';
import { isFunctionValue } from './jsonata-values.js';
import { screenPattern } from '../runtime/guardrails.js';

const regexCache = new Map<string, RegExp>();
const REGEX_CACHE_MAX = 500;

/** FHIRPath-style `matches`: flags `i`, `m`, `full` (anchor the whole string); other flags ignored. */
function compileMatcher(pattern: string, flags: readonly unknown[]): RegExp {
  const full = flags.includes('full');
  const jsFlags = `${flags.includes('i') ? 'i' : ''}${flags.includes('m') ? 'm' : ''}`;
  const source = full && !(pattern.startsWith('^') && pattern.endsWith('$')) ? `^(?:${pattern})$` : pattern;
  const key = `${jsFlags}/${source}`;
  let re = regexCache.get(key);
  if (!re) {
    screenPattern(source);
    try {
      re = new RegExp(source, jsFlags);
    } catch (e) {
      throw functionError('D3500', { value: pattern, errorMessage: (e as Error).message, token: 'matches' });
    }
    if (regexCache.size >= REGEX_CACHE_MAX) regexCache.clear();
    regexCache.set(key, re);
  }
  return re;
}

/** JSON text like `$string`, but strings are quoted too; non-integers to 15 significant digits. */
export function stringifyValue(value: unknown, pretty: boolean): string | undefined {
  if (value === undefined) return undefined;
  if (isFunctionValue(value)) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw {
      code: 'D3001',
      value,
      token: 'stringify',
      message: 'Attempting to invoke string function on Infinity or NaN',
    };
  }
  const root = Array.isArray(value) && (value as { outerWrapper?: boolean }).outerWrapper ? value[0] : value;
  return JSON.stringify(
    root,
    (_key, val: unknown) => {
      if (typeof val === 'number' && Number.isFinite(val) && !Number.isInteger(val))
        return Number(val.toPrecision(15));
      return isFunctionValue(val) ? '' : val;
    },
    pretty ? 2 : 0,
  );
}

export const stringFunctions: readonly MapxFunction[] = [
  {
    name: 'startsWith',
    signature: '<s-s:b>',
    impl: (str?: string, prefix?: string) =>
      str === undefined || prefix === undefined ? undefined : str.startsWith(prefix),
  },
  {
    name: 'endsWith',
    signature: '<s-s:b>',
    impl: (str?: string, suffix?: string) =>
      str === undefined || suffix === undefined ? undefined : str.endsWith(suffix),
  },
  {
    name: 'matches',
    signature: '<s-sa<s>?:b>',
    impl: (str?: string, regex?: string, flags?: string | string[]) => {
      if (typeof str !== 'string' || str === '' || typeof regex !== 'string' || regex === '')
        return undefined;
      const list = flags === undefined ? [] : Array.isArray(flags) ? flags : [flags];
      return compileMatcher(regex, list).test(str);
    },
  },
  {
    name: 'initCap',
    signature: '<s-:s>',
    impl: (str?: string) =>
      str === undefined
        ? undefined
        : str
            .replace(/[ \t\r\n]+/g, ' ')
            .trim()
            .split(' ')
            .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
            .join(' '),
  },
  {
    name: 'initCapOnce',
    signature: '<s-:s>',
    impl: (str?: string) => (str === undefined ? undefined : str.charAt(0).toUpperCase() + str.slice(1)),
  },
  {
    name: 'stringify',
    signature: '<x-b?:s>',
    impl: (value?: unknown, pretty?: boolean) => stringifyValue(value, pretty === true),
  },
  {
    // Overrides JSONata's $contains so that an undefined argument yields undefined (§0 item 26).
    name: 'contains',
    signature: '<s-(sf):b>',
    impl(this: FunctionCallContext, str?: string, token?: unknown) {
      return syncRun.active ? containsNow(this, str, token) : contains(this, str, token);
    },
  },
];

async function contains(ctx: FunctionCallContext, str?: string, token?: unknown): Promise<unknown> {
  if (str === undefined || token === undefined) return undefined;
  if (typeof token === 'string') return str.includes(token);
  if (!isFunctionValue(token)) throw argumentError('contains', 2, token);
  // JSONata regexes are plain closures; lambdas used as matchers go through JSONata
  const match: unknown =
    typeof token === 'function'
      ? await (token as (s: string) => unknown)(str)
      : await invokeFunction(ctx, token, [str]);
  return match !== undefined;
}

/** The same in a synchronous run (runtime/sync-run.ts): the value itself. */
function containsNow(ctx: FunctionCallContext, str?: string, token?: unknown): unknown {
  if (str === undefined || token === undefined) return undefined;
  if (typeof token === 'string') return str.includes(token);
  if (!isFunctionValue(token)) throw argumentError('contains', 2, token);
  const match: unknown =
    typeof token === 'function'
      ? settledNow((token as (s: string) => unknown)(str))
      : invokeFunctionNow(ctx, token, [str]);
  return match !== undefined;
}
