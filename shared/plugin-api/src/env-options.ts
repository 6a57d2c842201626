/**
 * Small parsers for plugin options that come either from environment variables (always text) or, typed, from
 * the `MAPX_PLUGIN_OPTIONS` JSON. Each answers undefined for a value it does not accept, so that a plugin's
 * options schema (zod, valibot, …) reports it as an issue under the option's path.
 */

const TRUE_WORDS: ReadonlySet<string> = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS: ReadonlySet<string> = new Set(['false', '0', 'no', 'off']);
const DECIMAL_INTEGER = /^[+-]?\d+$/;

/** A JSON boolean as is, or `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off` in any case, trimmed. */
export function parseFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
}

/** A safe integer number as is, or decimal integer text (`42`, `-1`, `+7`), trimmed. */
export function parseInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!DECIMAL_INTEGER.test(text)) return undefined;
  const n = Number.parseInt(text, 10);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Trimmed text, or undefined when absent, blank or `n/a` in any case: "not configured" (mapping-language §9.1). */
export function parseOptionalText(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text === undefined || text === '' || text.toLowerCase() === 'n/a' ? undefined : text;
}

/**
 * The raw options an `optionsFromEnv` returns: `mapping` names, per environment variable, the option it sets.
 * Absent and blank variables are left out, so that the schema's defaults apply to them.
 */
export function pickEnv(
  env: Readonly<Record<string, string | undefined>>,
  mapping: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [variable, option] of Object.entries(mapping)) {
    const value = env[variable];
    if (value !== undefined && value.trim() !== '') out[option] = value;
  }
  return out;
}
