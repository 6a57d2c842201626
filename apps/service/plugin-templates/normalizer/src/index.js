// @ts-check
import { defineNormalizer, parseOptionalText, setOwn } from '@mapx/plugin-api';

const MAX_LINES = 10_000;

/** @typedef {{ separator: string }} Options */

/**
 * Any Standard Schema validator works (zod 4, valibot, …); this one is written by hand to keep the starter
 * dependency-free.
 * @type {import('@mapx/plugin-api').StandardSchemaV1<unknown, Options>}
 */
const optionsSchema = {
  '~standard': {
    version: 1,
    vendor: '__PACKAGE_NAME__',
    validate(raw) {
      const separator = /** @type {{ separator?: unknown }} */ (raw ?? {}).separator ?? '=';
      if (typeof separator !== 'string' || separator.length !== 1) {
        return { issues: [{ message: 'expected one character', path: ['separator'] }] };
      }
      return { value: { separator } };
    },
  },
};

export default defineNormalizer({
  meta: {
    packageName: '__PACKAGE_NAME__',
    version: '0.1.0',
    id: '__PLUGIN_ID__',
    apiVersion: 1,
    description: 'key=value lines',
  },
  optionsSchema,
  optionsFromEnv: (env) => ({ separator: parseOptionalText(env.__ENV_PREFIX___SEPARATOR) }),
  mediaTypes: ['application/x-__PLUGIN_ID__'],
  create: (options) => ({
    normalize(input) {
      const lines = String(input.body).split(/\r?\n/);
      if (lines.length > MAX_LINES) {
        return fail('KV_TOO_MANY_LINES', `more than ${MAX_LINES} lines`, 422);
      }
      /** @type {Record<string, string>} */
      const value = {};
      for (const [index, line] of lines.entries()) {
        if (!line.trim()) continue;
        const at = line.indexOf(options.separator);
        if (at < 0)
          return fail('KV_NO_SEPARATOR', `line ${index + 1} has no "${options.separator}"`, 422, index + 1);
        // setOwn: a key "__proto__" in the input is stored as data, never followed
        setOwn(value, line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      return { ok: true, value };
    },
  }),
});

/**
 * Bad input is a value, never a throw: the service answers it with `status` and the stable `code`.
 * @param {string} code @param {string} message @param {400 | 415 | 422} status @param {number} [line]
 * @returns {import('@mapx/plugin-api').NormalizeResult}
 */
function fail(code, message, status, line) {
  return { ok: false, issues: [{ code, message, status, ...(line === undefined ? {} : { line }) }] };
}
