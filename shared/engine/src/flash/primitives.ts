import { isCatastrophicRegex } from '../runtime/guardrails.js';
import type { ElementInfo } from '@mapx/fhir';
import { severityOf } from '../errors/catalogue.js';
import { report } from '../runtime/policy.js';
import { whereOf, type Checks, type WhereRef } from '../runtime/where.js';
import { canonicalDate } from './dates.js';
import { convertBoolean } from './boolean-coercion.js';
import { losesDigits } from './decimal-precision.js';

const F5101 = severityOf('F5101');
const F5110 = severityOf('F5110');
const F5111 = severityOf('F5111');
const F5112 = severityOf('F5112');
const F5113 = severityOf('F5113');
const F5114 = severityOf('F5114');

const NUMERIC = new Set(['decimal', 'integer', 'positiveInt', 'unsignedInt', 'integer64']);
const regexCache = new Map<string, RegExp | null>();

/** FHIR regexes compiled defensively (§0 item 27): an unusable regex disables the check, never the mapping. */
export function fhirRegex(source: string): RegExp | null {
  const hit = regexCache.get(source);
  if (hit !== undefined) return hit;
  let re: RegExp | null = null;
  // a definition's pattern of a catastrophic shape is screened like any other: the check is disabled, not run
  if (isCatastrophicRegex(source)) {
    regexCache.set(source, null);
    return null;
  }
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
export function convertPrimitive(c: Checks, el: ElementInfo, value: unknown, where: WhereRef): unknown {
  if (isNoValue(value)) return undefined;
  const type = el.typeCode;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    if (F5101 < c.vl) {
      const valueType = Array.isArray(value) ? 'array' : typeof value;
      report(c.env, 'F5101', { ...whereOf(where), valueType }, true);
    }
    return value;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? value : convertBoolean(c, value, where);
  if (type === 'date' || type === 'dateTime' || type === 'instant') return convertDate(c, type, value, where);
  const text = String(value);
  if (type === 'string' || type === 'markdown') return checkString(c, el, text, where, value);
  if (type === 'code') {
    if (!(F5113 < c.vl)) return value;
    if (!isFhirCode(text)) {
      report(c.env, 'F5113', { ...whereOf(where), value, fhirType: type });
    }
    return text;
  }
  if (!(F5110 < c.vl)) return value;
  const re = el.regex ? fhirRegex(el.regex) : null;
  if (re && !re.test(text)) {
    report(c.env, 'F5110', { ...whereOf(where), value, fhirType: type, regex: el.regex });
  }
  if (NUMERIC.has(type)) return type === 'integer64' ? text : toNumber(c, type, text, value, where);
  return text;
}

/** `Number(text)` (§5.8), with F5352 when a string's digits do not survive as a double. */
function toNumber(c: Checks, type: string, text: string, raw: unknown, where: WhereRef): number {
  const n = Number(text);
  if (typeof raw === 'string' && losesDigits(text, n)) {
    report(c.env, 'F5352', { ...whereOf(where), value: raw, fhirType: type, result: n });
  }
  return n;
}

function checkString(c: Checks, el: ElementInfo, text: string, where: WhereRef, raw: unknown): unknown {
  let out: unknown = raw;
  if (F5112 < c.vl) {
    out = text;
    if (!isFhirString(text)) {
      report(c.env, 'F5112', { ...whereOf(where), value: raw, fhirType: el.typeCode });
    }
  }
  if (el.maxLength !== undefined && F5114 < c.vl && text.length > el.maxLength) {
    out = text;
    report(c.env, 'F5114', {
      ...whereOf(where),
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
  c: Checks,
  type: 'date' | 'dateTime' | 'instant',
  value: string | number | boolean,
  where: WhereRef,
): unknown {
  if (!(F5111 < c.vl)) return value;
  const out = typeof value === 'boolean' ? undefined : canonicalDate(type, value);
  if (out !== undefined) return out;
  report(c.env, 'F5111', { ...whereOf(where), value, fhirType: type });
  return value;
}
