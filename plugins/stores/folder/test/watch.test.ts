import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForStoreChange } from '@mapx/plugin-testkit/store';
import { openConfiguredStore, withTempDir } from './support.js';

describe('folder store: change detection', () => {
  it('reports a new mapping file by polling', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 20 });
      expect(store.capabilities.watch).toBe(true);
      await store.load();
      await waitForStoreChange(store, () => writeFile(path.join(dir, 'added.mapx'), '1'));
      expect(await store.get('added')).toBe('1');
      await store.close();
    });
  });

  it('reports a same-size rewrite, an alias change and a deletion by polling', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'same.mapx'), 'aaaa');
      await writeFile(path.join(dir, 'aliases.json'), '{}');
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 20 });
      await store.load();
      await waitForStoreChange(store, async () => {
        await writeFile(path.join(dir, '.tmp-edit'), 'bbbb');
        await rename(path.join(dir, '.tmp-edit'), path.join(dir, 'same.mapx'));
      });
      await waitForStoreChange(store, () => writeFile(path.join(dir, 'aliases.json'), '{"a":"b"}'));
      await waitForStoreChange(store, () => unlink(path.join(dir, 'same.mapx')));
      await store.close();
    });
  });

  it('reports changes through fs.watch when file watching is on', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, watch: true, pollingIntervalMs: 0 });
      expect(store.capabilities.watch).toBe(true);
      await waitForStoreChange(store, () => writeFile(path.join(dir, 'watched.mapx'), 'x'));
      await waitForStoreChange(store, async () => {
        await store.put!('written', 'through the store');
      });
      await store.close();
    });
  });

  it('offers no change detection when polling and watching are off', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      expect(store.capabilities.watch).toBe(false);
    });
  });
});
