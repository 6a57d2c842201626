import { describe, expect, it } from 'vitest';
import { pluginNames } from './plugin-names.js';

describe('pluginNames', () => {
  it.each([
    ['@acme/mapx-normalizer-kv', 'normalizer', 'kv', 'KV'],
    ['acme-mapx-store-memory', 'store', 'memory', 'MEMORY'],
    ['mapx-auth-provider-api-keys', 'auth-provider', 'api-keys', 'API_KEYS'],
    ['kv-lines', 'normalizer', 'kv-lines', 'KV_LINES'],
  ])('%s (%s) → id %s', (name, kind, id, envPrefix) => {
    expect(pluginNames(name, kind)).toEqual({ ok: true, packageName: name, id, envPrefix });
  });

  it('refuses a name npm would refuse, saying why', () => {
    const names = pluginNames('Acme KV', 'normalizer');
    expect(names.ok).toBe(false);
    expect(!names.ok && names.message).toMatch(
      /"Acme KV" is not a valid npm package name: .*capital letters/,
    );
  });

  it('refuses a name whose id would not be a plugin id', () => {
    expect(pluginNames('mapx-normalizer-_x', 'normalizer')).toEqual({
      ok: false,
      message: 'plugin id "_x" (from "mapx-normalizer-_x") must match [a-z0-9][a-z0-9-]*',
    });
  });
});
