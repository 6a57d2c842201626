import { randomUUID } from 'node:crypto';
import { argumentError, functionError } from './function-error.js';
import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { nextSeededUuid } from '../runtime/deterministic.js';
import { isFunctionValue, isPlainObject } from './jsonata-values.js';
import { seededUuid } from '../runtime/uuid.js';
import { hashValue } from './stable-json.js';

const STRICT_NUMERIC = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Deep emptiness (§6.2): blank strings, empty containers and containers of empty things. */
export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.every((item) => isEmptyValue(item));
  if (isPlainObject(v)) return Object.values(v).every((item) => isEmptyValue(item));
  return false;
}

function keyList(keys: unknown): string[] {
  return (Array.isArray(keys) ? keys : [keys]).filter((k): k is string => typeof k === 'string');
}

export const valueFunctions: readonly MapxFunction[] = [
  { name: 'isEmpty', signature: '<x-:b>', impl: (v?: unknown) => isEmptyValue(v) },
  {
    // §0 fix: the decimal point must be a real '.', so '1x5' is not numeric.
    name: 'isNumeric',
    signature: '<j-:b>',
    impl: (v?: unknown) => {
      if (v === undefined) return undefined;
      if (isFunctionValue(v)) throw argumentError('isNumeric', 1, v);
      if (typeof v === 'number') return Number.isFinite(v);
      return typeof v === 'string' && STRICT_NUMERIC.test(v);
    },
  },
  {
    name: 'omitKeys',
    signature: '<o-a<s>?:o>',
    impl: (obj?: Record<string, unknown>, keys?: unknown) => {
      if (obj === undefined) return undefined;
      if (keys === undefined) return structuredCloneJson(obj);
      const omit = new Set(keyList(keys));
      return Object.fromEntries(Object.entries(obj).filter(([k]) => !omit.has(k)));
    },
  },
  {
    name: 'selectKeys',
    signature: '<o-a<s>?:o>',
    impl: (obj?: Record<string, unknown>, keys?: unknown) => {
      if (obj === undefined) return undefined;
      const out: Record<string, unknown> = {};
      for (const k of keys === undefined ? [] : keyList(keys)) if (Object.hasOwn(obj, k)) out[k] = obj[k];
      return out;
    },
  },
  { name: 'hash', signature: '<j-:n>', impl: (v?: unknown) => (v === undefined ? undefined : hashValue(v)) },
  {
    name: 'uuid',
    signature: '<j?:s>',
    impl(this: FunctionCallContext, seed?: unknown) {
      if (seed !== undefined) return seededUuid(seed);
      return nextSeededUuid(this.environment) ?? randomUUID();
    },
  },
  {
    name: 'reference',
    signature: '<o-:s>',
    impl: (resource?: unknown) => {
      if (resource === undefined) return undefined;
      if (!isPlainObject(resource)) throw argumentError('reference', 1, resource);
      if (typeof resource['resourceType'] !== 'string') {
        // §0 fix: the message names the real problem (the reference says "Unknown error generating reference")
        throw functionError('F3014', {
          token: 'reference',
          errorMessage: '$reference() needs a FHIR resource object with a string "resourceType"',
        });
      }
      return `urn:uuid:${seededUuid(resource)}`;
    },
  },
];

/** Deep copy of a JSON value (functions are not JSON and are kept by reference). */
function structuredCloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => structuredCloneJson(v)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneJson(v)])) as T;
  }
  return value;
}
