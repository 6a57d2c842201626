import type { ElementInfo } from '@mapx/fhir';
import { report, shouldValidate, type Env } from '../runtime/policy.js';
import { canonicalDate } from './dates.js';

export interface Where {
  instanceOf: string;
  fhirElement: string;
  position?: number;
  start?: number;
  line?: number;
}

const NUMERIC = new Set(['decimal', 'integer', 'positiveInt', 'unsignedInt', 'integer64']);
const regexCache = new Map<string, RegExp | null>();

/** FHIR regexes compiled defensively (§0 item 27): an unusable regex disables the check, never the mapping. */
export function fhirRegex(source: string): RegExp | null {
  const hit = regexCache.get(source);
  if (hit !== undefined) return hit;
  let re: RegExp | null = null;
  for (const candidate of [`^${source}$`, `^${source.replace(/^\+/, '\\+')}$`, `^(?:${source})$`]) {
    try {
      re = new RegExp(candidate);
      break;
    } catch {
      re = null;
    }
  }
  regexCache.set(source, re);
  return re;
}

/** JSONata truthiness of a primitive-ish value. */
export function truthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (Array.isArray(v)) return v.some(truthy);
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return false;
}

/** "No value": undefined and JSONata-falsy values except `false` and `0` (§5.8 step 1). */
export function isNoValue(v: unknown): boolean {
  return v !== false && v !== 0 && !truthy(v);
}

/** Validates and converts a primitive value for an element (§5.8). Returns undefined for "no value". */
export function convertPrimitive(env: Env, el: ElementInfo, value: unknown, where: Where): unknown {
  if (isNoValue(value)) return undefined;
  const type = el.typeCode;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    if (shouldValidate(env, 'F5101')) {
      report(env, 'F5101', { ...where, valueType: Array.isArray(value) ? 'array' : typeof value }, true);
    }
    return value;
  }
  if (type === 'boolean') return value === 'false' || value === 'FALSE' ? false : truthy(value);
  if (type === 'date' || type === 'dateTime' || type === 'instant')
    return convertDate(env, type, value, where);
  const text = String(value);
  if (type === 'string' || type === 'markdown') return checkString(env, el, text, where, value);
  if (type === 'code') {
    if (!shouldValidate(env, 'F5113')) return value;
    if (!isFhirCode(text)) {
      report(env, 'F5113', { ...where, value, fhirType: type });
    }
    return text;
  }
  if (!shouldValidate(env, 'F5110')) return value;
  const re = el.regex ? fhirRegex(el.regex) : null;
  if (re && !re.test(text)) report(env, 'F5110', { ...where, value, fhirType: type, regex: el.regex });
  if (NUMERIC.has(type)) return type === 'integer64' ? text : Number(text);
  return text;
}

function checkString(env: Env, el: ElementInfo, text: string, where: Where, raw: unknown): unknown {
  let out: unknown = raw;
  if (shouldValidate(env, 'F5112')) {
    out = text;
    if (!isFhirString(text)) {
      report(env, 'F5112', { ...where, value: raw, fhirType: el.typeCode });
    }
  }
  if (el.maxLength !== undefined && shouldValidate(env, 'F5114') && text.length > el.maxLength) {
    out = text;
    report(env, 'F5114', {
      ...where,
      value: raw,
      fhirType: el.typeCode,
      maxLength: el.maxLength,
      actualLength: text.length,
    });
  }
  return out;
}

/**
 * §5.8 string rule as a char-code scan: regexes here were recompiled after most GCs (V8 flushes regexp code)
 * and dominated FLASH mappings with many string elements.
 */
export function isFhirString(text: string): boolean {
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0x80 && c <= 0x9f) return false;
    if (!content && !isJsWhitespace(c)) content = true;
  }
  return content;
}

/** §5.8 code rule (no leading, trailing or repeated whitespace; single spaces only) as a char-code scan. */
export function isFhirCode(text: string): boolean {
  if (text.length === 0) return false;
  let prevSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isJsWhitespace(c)) prevSpace = false;
    else if (prevSpace || (c !== 0x20 && c !== 0xa0)) return false;
    else prevSpace = true;
  }
  return !prevSpace;
}

/** The code units JavaScript's `\s` matches (the spec's "whitespace"). */
function isJsWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function convertDate(
  env: Env,
  type: 'date' | 'dateTime' | 'instant',
  value: string | number | boolean,
  where: Where,
): unknown {
  if (!shouldValidate(env, 'F5111')) return value;
  const out = typeof value === 'boolean' ? undefined : canonicalDate(type, value);
  if (out !== undefined) return out;
  report(env, 'F5111', { ...where, value, fhirType: type });
  return value;
}
