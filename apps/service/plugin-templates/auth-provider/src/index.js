// @ts-check
import { createHash, timingSafeEqual } from 'node:crypto';
import { defineAuthProvider } from '@mapx/plugin-api';

const MAX_KEYS = 100;

/** @typedef {{ keys: readonly string[] }} Options */

/**
 * Any Standard Schema validator works (zod 4, valibot, …); this one is written by hand to keep the starter
 * dependency-free. Keys come as a list or as comma-separated text (`__ENV_PREFIX___API_KEYS`).
 * @type {import('@mapx/plugin-api').StandardSchemaV1<unknown, Options>}
 */
const optionsSchema = {
  '~standard': {
    version: 1,
    vendor: '__PACKAGE_NAME__',
    validate(raw) {
      const given = /** @type {{ keys?: unknown }} */ (raw ?? {}).keys ?? [];
      const list =
        typeof given === 'string'
          ? given
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean)
          : given;
      if (
        !Array.isArray(list) ||
        list.length > MAX_KEYS ||
        !list.every((k) => typeof k === 'string' && k.length >= 16)
      ) {
        return {
          issues: [{ message: `expected at most ${MAX_KEYS} keys of 16 characters or more`, path: ['keys'] }],
        };
      }
      return { value: { keys: list } };
    },
  },
};

export default defineAuthProvider({
  meta: {
    packageName: '__PACKAGE_NAME__',
    version: '0.1.0',
    id: '__PLUGIN_ID__',
    apiVersion: 1,
    description: 'static API keys',
  },
  optionsSchema,
  optionsFromEnv: (env) => ({ keys: env.__ENV_PREFIX___API_KEYS }),
  // null: no keys configured, the service runs without authentication (no-auth mode)
  create: async ({ keys }) => (keys.length === 0 ? null : apiKeyLayer(keys)),
});

/**
 * @param {readonly string[]} keys
 * @returns {import('@mapx/plugin-api').AuthLayer}
 */
function apiKeyLayer(keys) {
  // digests of equal length, compared in constant time: response times say nothing about a key
  const digests = keys.map(digest);
  return {
    mode: 'auth-required',
    routes: [],
    authorize(req) {
      const given = req.headers['x-api-key'];
      const index =
        typeof given === 'string' ? digests.findIndex((d) => timingSafeEqual(d, digest(given))) : -1;
      if (index < 0) {
        return {
          allow: false,
          reply: {
            status: 401,
            headers: { 'www-authenticate': 'ApiKey' },
            body: { code: 'AUTH_API_KEY_REQUIRED', message: 'a valid X-Api-Key header is required' },
          },
        };
      }
      return { allow: true, principal: { subject: `api-key-${index + 1}`, roles: [], claims: {} } };
    },
    close: async () => undefined,
  };
}

/** @param {string} text */
function digest(text) {
  return createHash('sha256').update(text).digest();
}
