import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createRecordingLogger } from '@mapx/plugin-testkit/store';
import { THIS_HOST } from '../src/temp-file-name.js';
import { openConfiguredStore, withTempDir } from './support.js';

describe('folder store: writes', () => {
  it('creates, replaces, reads and deletes a mapping', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      expect(store.capabilities.write).toBe(true);
      expect(await store.put!('obs1', 'first ✓')).toEqual({ created: true });
      expect(await readFile(path.join(dir, 'obs1.mapx'), 'utf8')).toBe('first ✓');
      expect(await store.put!('obs1', 'second')).toEqual({ created: false });
      expect(await store.get('obs1')).toBe('second');
      expect(Object.fromEntries((await store.load()).mappings)).toEqual({ obs1: 'second' });
      expect(await store.delete!('obs1')).toBe(true);
      expect(await store.get('obs1')).toBeUndefined();
      expect(await store.delete!('obs1')).toBe(false);
      // the earlier versions of obs1 stay in the history folder (history.test.ts)
      expect(await readdir(dir)).toEqual(['.history']);
    });
  });

  it('returns undefined for unknown or invalid ids', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'a_b.mapx'), 'x');
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      expect(await store.get('nope')).toBeUndefined();
      expect(await store.get('a_b')).toBeUndefined();
      expect(await store.get('../etc/passwd')).toBeUndefined();
    });
  });

  it('refuses ids that are not mapping ids', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      for (const id of ['../x', 'a-b', '', '9a', 'x'.repeat(65)]) {
        await expect(store.put!(id, '1')).rejects.toMatchObject({ name: 'StoreError', code: 'STORE_BAD_ID' });
        await expect(store.delete!(id)).rejects.toMatchObject({ code: 'STORE_BAD_ID' });
      }
      expect(await readdir(dir)).toEqual([]);
    });
  });

  it('is read-only when writes are disabled', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'keep.mapx'), 'kept');
      const store = await openConfiguredStore({ folder: dir, writeEnabled: 'false', pollingIntervalMs: 0 });
      expect(store.capabilities.write).toBe(false);
      await expect(store.put!('keep', 'x')).rejects.toMatchObject({
        name: 'StoreError',
        code: 'STORE_READ_ONLY',
      });
      await expect(store.delete!('keep')).rejects.toMatchObject({ code: 'STORE_READ_ONLY' });
      expect(await store.get('keep')).toBe('kept');
    });
  });

  it('serialises concurrent writes to one id in call order', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      const versions = Array.from({ length: 25 }, (_, i) => `version ${i} `.repeat(2000 + i * 97));
      const results = await Promise.all(versions.map((v) => store.put!('busy', v)));
      expect(results.map((r) => r.created)).toEqual([true, ...Array<boolean>(24).fill(false)]);
      expect(await store.get('busy')).toBe(versions.at(-1));
      expect((await readdir(dir)).sort()).toEqual(['.history', 'busy.mapx']);
    });
  });

  it('never lets a concurrent reader see a partial mapping', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      // Large, distinct versions: a torn write would show a mix of letters or a short file.
      const versions = 'ABCDEFGHIJKLMNOPQRST'.split('').map((c, i) => c.repeat(300_000 + i * 4096));
      await store.put!('big', versions[0]!);
      const seen = new Set<string>();
      let writing = true;
      const reader = (async () => {
        while (writing) {
          const text = await readFile(path.join(dir, 'big.mapx'), 'utf8');
          expect(versions).toContain(text);
          seen.add(text[0]!);
        }
      })();
      for (const v of versions.slice(1)) await store.put!('big', v);
      writing = false;
      await reader;
      expect(seen.size).toBeGreaterThan(0);
      expect(await store.get('big')).toBe(versions.at(-1));
    });
  });

  it('ignores a temp file left by a crash, and cleans it up once stale', async () => {
    await withTempDir(async (dir) => {
      const stale = path.join(dir, `.crashed.mapx.${randomUUID()}.mapx-tmp`);
      const fresh = path.join(dir, `.other.mapx.${randomUUID()}.mapx-tmp`);
      await writeFile(stale, 'InstanceOf: Pat');
      await writeFile(fresh, 'half of a wri');
      const anHourAgo = new Date(Date.now() - 3_600_000);
      await utimes(stale, anHourAgo, anHourAgo);
      const logger = createRecordingLogger();
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 }, logger);
      const snapshot = await store.load();
      expect(snapshot.mappings.size).toBe(0);
      expect(logger.entries.filter((e) => e.level === 'warn')).toEqual([]);
      await expect(stat(stale)).rejects.toMatchObject({ code: 'ENOENT' });
      // A recent temp file whose writer is unknown may be another replica's write in progress: left alone.
      expect((await stat(fresh)).isFile()).toBe(true);
    });
  });

  it('removes a fresh temp file at once when its writer process on this host has exited', async () => {
    await withTempDir(async (dir) => {
      const exitedPid = pidOfExitedProcess();
      const orphan = path.join(dir, `.a.mapx.${THIS_HOST}-${exitedPid}.${randomUUID()}.mapx-tmp`);
      const live = path.join(dir, `.b.mapx.${THIS_HOST}-${process.ppid}.${randomUUID()}.mapx-tmp`);
      const otherHost = path.join(dir, `.c.mapx.00000000-${exitedPid}.${randomUUID()}.mapx-tmp`);
      const notOurs = path.join(dir, '.d.mapx.some-editor.mapx-tmp');
      for (const file of [orphan, live, otherHost, notOurs]) await writeFile(file, 'half');
      await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      expect((await readdir(dir)).sort()).toEqual(
        [live, otherHost, notOurs].map((f) => path.basename(f)).sort(),
      );
    });
  });

  it('sweeps again once a temp file it had to keep at start-up is old enough, without waiting for a change', async () => {
    await withTempDir(async (dir) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        // Another host's write, just begun: kept at start-up.
        const foreign = path.join(dir, `.a.mapx.00000000-1.${randomUUID()}.mapx-tmp`);
        await writeFile(foreign, 'half');
        const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
        expect(await readdir(dir)).toEqual([path.basename(foreign)]);
        await vi.advanceTimersByTimeAsync(62_000);
        for (let i = 0; i < 100 && (await readdir(dir)).length > 0; i++) {
          await new Promise((r) => setImmediate(r));
        }
        expect(await readdir(dir)).toEqual([]);
        await store.close?.();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

/** A pid that no process has any more: a child that has exited (and was reaped). */
function pidOfExitedProcess(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid) throw new Error('could not start a child process');
  return pid;
}
