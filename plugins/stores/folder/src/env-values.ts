import { z } from 'zod';

/** `true`/`false` (any case), `1`/`0`, `yes`/`no`, `on`/`off`, or a JSON boolean from MAPX_PLUGIN_OPTIONS. */
export const flagSchema = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']))
    .transform((s) => s === 'true' || s === '1' || s === 'yes' || s === 'on'),
]);

/** An integer given as a number or (from the environment) as a decimal string. */
export const integerSchema = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, 'expected an integer')
    .transform((s) => Number.parseInt(s, 10)),
]);

/** Empty, blank or `n/a` (any case) means "this source is not configured" (mapping-language §9.1). */
export function isUnset(value: string | undefined): boolean {
  if (value === undefined) return true;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'n/a';
}

/** Copies the variables that are present, so that schema defaults apply to absent ones. */
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
