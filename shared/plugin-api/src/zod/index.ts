/**
 * Option schemas for plugins whose options schema is zod (4.x, a peer dependency of this entry point only):
 * the parsers of `@mapx/plugin-api` as schemas, so that an option accepts typed JSON from `MAPX_PLUGIN_OPTIONS` and
 * text from an environment variable alike. Plugins on another schema library use the parsers directly.
 */
import { z } from 'zod';
import { parseFlag, parseInteger, parseOptionalText } from '../env-options.js';

/** A value `parse` accepts (typed JSON or environment text), as parsed; anything else is "Invalid input". */
export const parsedBy = <T>(parse: (value: unknown) => T | undefined) =>
  z.custom<unknown>((v) => parse(v) !== undefined).transform((v) => parse(v)!);

/** `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off` (any case) or a JSON boolean (`parseFlag`). */
export const flagOption = parsedBy(parseFlag);

/** A safe integer, as a JSON number or decimal text (`parseInteger`). */
export const integerOption = parsedBy(parseInteger);

/** The longest delay a Node timer keeps: above it, `setTimeout` and `setInterval` fire at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** An integer number of milliseconds a timer can wait (≤ 0 is left to the plugin: "off", usually). */
export const timerIntervalOption = integerOption.pipe(
  z.number().max(MAX_TIMER_DELAY_MS, 'at most 2147483647 ms (about 24.8 days)'),
);

/** Trimmed text, or undefined when absent, blank or `n/a` ("not configured", `parseOptionalText`). */
export const optionalTextOption = z
  .string()
  .optional()
  .transform((s) => parseOptionalText(s));
