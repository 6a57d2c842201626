import type { MediaType } from './normalizer.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Parses a Content-Type value (RFC 9110 §8.3.1): case-insensitive type/subtype, parameters with
 * case-insensitive names, quoted values unescaped. Returns undefined for anything that is not a media type.
 */
export function parseMediaType(value: string | undefined | null): MediaType | undefined {
  if (typeof value !== 'string') return undefined;
  const [head = '', ...rest] = splitParams(value);
  const slash = head.indexOf('/');
  if (slash <= 0) return undefined;
  const type = head.slice(0, slash).trim().toLowerCase();
  const subtype = head
    .slice(slash + 1)
    .trim()
    .toLowerCase();
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    let val = part.slice(eq + 1).trim();
    if (val.startsWith('"') && val.endsWith('"') && val.length >= 2)
      val = val.slice(1, -1).replace(/\\(.)/g, '$1');
    if (name && !Object.hasOwn(params, name)) params[name] = val;
  }
  return Object.freeze({ essence: `${type}/${subtype}`, type, subtype, params: Object.freeze(params) });
}

function splitParams(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '"') quoted = !quoted;
    if (ch === '\\' && quoted && i + 1 < value.length) {
      current += ch + value[++i];
      continue;
    }
    if (ch === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}
