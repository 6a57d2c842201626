import { describe, expect, it } from 'vitest';
import { createTestPluginContext } from '@mapx/plugin-testkit/normalizer';
import { validatePluginOptions } from '@mapx/plugin-testkit/store';
import plugin from '../src/index.js';

const KEY = 'a-key-of-sixteen-chars';
const request = (headers) => ({ method: 'POST', path: '/', headers, query: {}, body: null });

async function layer(raw) {
  const checked = await validatePluginOptions(plugin, raw);
  if (!checked.ok) throw new Error(checked.messages.join('; '));
  return plugin.create(checked.value, createTestPluginContext());
}

describe('__PACKAGE_NAME__', () => {
  it('is not configured without keys (the service runs in no-auth mode)', async () => {
    expect(await layer({})).toBeNull();
  });

  it('lets a request with a known key through, naming the key', async () => {
    const auth = await layer({ keys: `other-key-of-16-chars, ${KEY}` });
    expect(await auth.authorize(request({ 'x-api-key': KEY }))).toEqual({
      allow: true,
      principal: { subject: 'api-key-2', roles: [], claims: {} },
    });
  });

  it('refuses a missing or unknown key with a coded 401', async () => {
    const auth = await layer({ keys: [KEY] });
    for (const headers of [{}, { 'x-api-key': 'wrong' }, { 'x-api-key': [KEY, KEY] }]) {
      expect(await auth.authorize(request(headers))).toMatchObject({
        allow: false,
        reply: { status: 401, body: { code: 'AUTH_API_KEY_REQUIRED' } },
      });
    }
  });

  it('refuses short keys the way the service does', async () => {
    expect(await validatePluginOptions(plugin, { keys: ['short'] })).toMatchObject({
      ok: false,
      paths: ['keys'],
    });
  });
});
