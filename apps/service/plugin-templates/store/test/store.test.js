import { describe, expect, it } from 'vitest';
import { instantiateStore, validatePluginOptions } from '@mapx/plugin-testkit/store';
import plugin from '../src/index.js';

describe('__PACKAGE_NAME__', () => {
  it('is not configured unless enabled', async () => {
    expect(await instantiateStore(plugin, {})).toBeNull();
  });

  it('serves its seed mappings and keeps what is written', async () => {
    const store = await instantiateStore(plugin, { enabled: 'true', mappings: { greet: '"hello"' } });
    expect(await store.get('greet')).toBe('"hello"');
    expect(await store.put('other', '$.a')).toEqual({ created: true });
    expect(await store.put('other', '$.b')).toEqual({ created: false });
    expect([...(await store.load()).mappings]).toEqual([
      ['greet', '"hello"'],
      ['other', '$.b'],
    ]);
    expect(await store.delete('greet')).toBe(true);
    expect(await store.get('greet')).toBeUndefined();
    await store.close();
  });

  it('refuses bad options the way the service does', async () => {
    const checked = await validatePluginOptions(plugin, { enabled: 'true', mappings: { 'bad id!': 'x' } });
    expect(checked).toMatchObject({ ok: false, paths: ['mappings.bad id!'] });
  });

  it('refuses an id that is not a mapping id', async () => {
    const store = await instantiateStore(plugin, { enabled: true });
    await expect(store.put('../escape', 'x')).rejects.toMatchObject({ code: 'STORE_BAD_ID' });
  });
});
