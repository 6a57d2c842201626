import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MappingStore } from '@mapx/plugin-api';
import { openConfiguredStore, waitFor, withTempDir } from './support.js';

async function expectChangeAfter(store: MappingStore, action: () => Promise<void>): Promise<void> {
  let changes = 0;
  const subscription = store.watch!(() => {
    changes += 1;
  });
  try {
    await action();
    await waitFor(() => changes > 0, 10_000, 'a change event');
  } finally {
    subscription.dispose();
  }
}

describe('folder store: change detection', () => {
  it('reports a new mapping file by polling', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 20 });
      expect(store.capabilities.watch).toBe(true);
      await store.load();
      await expectChangeAfter(store, () => writeFile(path.join(dir, 'added.mapx'), '1'));
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
      await expectChangeAfter(store, async () => {
        await writeFile(path.join(dir, '.tmp-edit'), 'bbbb');
        await rename(path.join(dir, '.tmp-edit'), path.join(dir, 'same.mapx'));
      });
      await expectChangeAfter(store, () => writeFile(path.join(dir, 'aliases.json'), '{"a":"b"}'));
      await expectChangeAfter(store, () => unlink(path.join(dir, 'same.mapx')));
      await store.close();
    });
  });

  it('reports changes through fs.watch when file watching is on', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, watch: true, pollingIntervalMs: 0 });
      expect(store.capabilities.watch).toBe(true);
      await expectChangeAfter(store, () => writeFile(path.join(dir, 'watched.mapx'), 'x'));
      await expectChangeAfter(store, async () => {
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
