import { isFunctionValue } from './jsonata-values.js';

/** JSON with object keys sorted recursively, so equal values in any key order give equal text. */
export function stableJson(value: unknown): string {
  if (value === undefined || isFunctionValue(value)) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const parts = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`);
  return `{${parts.join(',')}}`;
}

/** Unsigned 32-bit djb2-xor over UTF-16 code units (the `$hash` algorithm, §6.2). */
export function hashText(text: string): number {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 33) ^ text.charCodeAt(i)) >>> 0;
  return h;
}

/** `$hash` input text: strings as-is, everything else as stable JSON. */
export function hashValue(value: unknown): number {
  return hashText(typeof value === 'string' ? value : stableJson(value));
}
