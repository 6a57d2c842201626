import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStoreHistory } from '@mapx/plugin-testkit/store';
import { openConfiguredStore, validateOptions, withTempDir } from './support.js';

const historyOf = (dir: string, id: string) => path.join(dir, '.history', id);

describe('folder store: history of saved mappings', () => {
  it('passes the store testkit check for history', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      expect(await checkStoreHistory(store, 'hist')).toEqual([]);
      // the deleted mapping's versions stay restorable
      expect((await store.listVersions!('hist')).map((v) => v.current)).toEqual([false, false, false]);
    });
  });

  it('keeps earlier versions in .history/<id>/, never served or watched as mappings, with their save times', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      await store.put!('adt', 'first');
      const firstSaved = (await stat(path.join(dir, 'adt.mapx'))).mtime.toISOString();
      const [firstListed] = await store.listVersions!('adt');
      await store.put!('adt', 'second');
      const versions = await store.listVersions!('adt');
      expect(versions).toHaveLength(2);
      // the id a client saw while the version was current still reads it once replaced
      expect(versions[1]).toEqual({ versionId: firstListed!.versionId, savedAt: firstSaved, current: false });
      expect(await store.getVersion!('adt', firstListed!.versionId)).toMatchObject({ expression: 'first' });
      expect(await readdir(historyOf(dir, 'adt'))).toEqual([`${firstListed!.versionId}.mapx`]);
      expect([...(await store.load()).mappings.keys()]).toEqual(['adt']);
      // saving the same text again makes no new version
      await store.put!('adt', 'second');
      expect(await store.listVersions!('adt')).toHaveLength(2);
    });
  });

  it('bounds the history by count and by bytes, newest kept', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({
        folder: dir,
        pollingIntervalMs: 0,
        historyMaxVersions: 3,
        historyMaxBytes: 250,
      });
      for (let i = 1; i <= 6; i++) await store.put!('m', `${i}`.repeat(10));
      const kept = await Promise.all(
        (await store.listVersions!('m')).map(
          async (v) => (await store.getVersion!('m', v.versionId))!.expression,
        ),
      );
      expect(kept).toEqual(['6', '5', '4', '3'].map((d) => d.repeat(10)));
      await store.put!('m', 'x'.repeat(100));
      await store.put!('m', 'y'.repeat(100));
      await store.put!('m', 'z'.repeat(100));
      await store.put!('m', 'w'.repeat(100));
      // two earlier versions of 100 bytes fit in 250, a third does not
      const texts = await Promise.all(
        (await store.listVersions!('m')).map(
          async (v) => (await store.getVersion!('m', v.versionId))!.expression[0],
        ),
      );
      expect(texts).toEqual(['w', 'z', 'y']);
    });
  });

  it('keeps none with historyMaxVersions 0, yet lists the current version', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0, historyMaxVersions: 0 });
      await store.put!('m', 'a');
      await store.put!('m', 'b');
      const versions = await store.listVersions!('m');
      expect(versions.map((v) => v.current)).toEqual([true]);
      expect(await readdir(dir)).toEqual(['m.mapx']);
    });
  });

  it('reads a mapping edited by hand as a new current version, and ignores foreign files in the history', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      await store.put!('m', 'saved');
      await store.put!('m', 'saved again');
      await writeFile(path.join(historyOf(dir, 'm'), 'notes.txt'), 'not a version');
      await writeFile(path.join(dir, 'm.mapx'), 'edited by hand');
      const [current] = await store.listVersions!('m');
      expect(await store.getVersion!('m', current!.versionId)).toMatchObject({
        expression: 'edited by hand',
      });
      expect(await store.listVersions!('m')).toHaveLength(2);
      expect(await readFile(path.join(historyOf(dir, 'm'), 'notes.txt'), 'utf8')).toBe('not a version');
    });
  });

  it('takes its bounds from the environment and refuses negative ones', async () => {
    const ok = await validateOptions({ folder: '/x', historyMaxVersions: '5', historyMaxBytes: '1000' });
    expect(ok).toMatchObject({ ok: true, value: { historyMaxVersions: 5, historyMaxBytes: 1000 } });
    const bad = await validateOptions({ folder: '/x', historyMaxVersions: '-1' });
    expect(bad).toMatchObject({ ok: false, paths: ['historyMaxVersions'] });
  });
});
