// @ts-check
import { defineStore, isValidMappingId, parseFlag, StoreError } from '@mapx/plugin-api';

/** @typedef {{ enabled: boolean, mappings: Map<string, string> }} Options */

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
      const given = /** @type {{ enabled?: unknown, mappings?: unknown }} */ (raw ?? {});
      const enabled = given.enabled === undefined ? false : parseFlag(given.enabled);
      if (enabled === undefined)
        return { issues: [{ message: 'expected true or false', path: ['enabled'] }] };
      const seed = given.mappings ?? {};
      if (typeof seed !== 'object' || seed === null || Array.isArray(seed)) {
        return { issues: [{ message: 'expected an object of mapping id → expression', path: ['mappings'] }] };
      }
      // a Map, not the input object: ids such as "__proto__" or "constructor" stay plain keys
      const mappings = new Map();
      for (const [id, expression] of Object.entries(seed)) {
        if (!isValidMappingId(id) || typeof expression !== 'string') {
          return {
            issues: [
              { message: 'expected a valid mapping id and an expression text', path: ['mappings', id] },
            ],
          };
        }
        mappings.set(id, expression);
      }
      return { value: { enabled, mappings } };
    },
  },
};

export default defineStore({
  meta: {
    packageName: '__PACKAGE_NAME__',
    version: '0.1.0',
    id: '__PLUGIN_ID__',
    apiVersion: 1,
    description: 'mappings held in memory',
  },
  optionsSchema,
  optionsFromEnv: (env) => ({ enabled: env.__ENV_PREFIX___ENABLED }),
  // null: not configured, the service runs without this store
  create: async (options) => (options.enabled ? memoryStore(options.mappings) : null),
});

/**
 * @param {ReadonlyMap<string, string>} seed
 * @returns {import('@mapx/plugin-api').MappingStore}
 */
function memoryStore(seed) {
  const mappings = new Map(seed);
  return {
    name: '__PLUGIN_ID__:memory',
    capabilities: { write: true, watch: false },
    load: async () => ({
      mappings: new Map(mappings),
      aliases: new Map(),
      statics: new Map(),
      conceptMaps: [],
    }),
    get: async (id) => mappings.get(id),
    async put(id, expression) {
      if (!isValidMappingId(id)) throw new StoreError('STORE_BAD_ID', `not a mapping id: ${id}`);
      const created = !mappings.has(id);
      mappings.set(id, expression);
      return { created };
    },
    delete: async (id) => mappings.delete(id),
    close: async () => undefined,
  };
}
