import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordingLogger } from '@mapx/plugin-testkit/store';
import { openConfiguredStore, withTempDir } from './support.js';

const warnedFiles = (logger: ReturnType<typeof createRecordingLogger>): string[] =>
  logger.entries
    .filter((e) => e.level === 'warn')
    .map((e) => (e.obj as { file?: string; alias?: string }).alias ?? (e.obj as { file: string }).file)
    .sort();

describe('folder store: load', () => {
  it('reads mappings, aliases and static values from the top level only', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'patientMap.mapx'), 'InstanceOf: Patient\n* active = true');
      await writeFile(path.join(dir, 'M2.mapx'), '"ü — ✓"');
      await writeFile(path.join(dir, 'aliases.json'), JSON.stringify({ mrn: 'urn:mrn', sys_2: 'http://s' }));
      await writeFile(path.join(dir, 'codes.json'), '{"a":[1,2]}');
      await writeFile(path.join(dir, 'flag.json'), 'true');
      await mkdir(path.join(dir, 'sub'));
      await writeFile(path.join(dir, 'sub', 'nested.mapx'), 'ignored');
      await writeFile(path.join(dir, '.swap.mapx'), 'ignored');
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      const snapshot = await store.load();
      expect(Object.fromEntries(snapshot.mappings)).toEqual({
        M2: '"ü — ✓"',
        patientMap: 'InstanceOf: Patient\n* active = true',
      });
      expect([...snapshot.mappings.keys()]).toEqual(['M2', 'patientMap']);
      expect(Object.fromEntries(snapshot.aliases)).toEqual({ mrn: 'urn:mrn', sys_2: 'http://s' });
      expect(Object.fromEntries(snapshot.statics)).toEqual({ codes: { a: [1, 2] }, flag: true });
      expect(snapshot.conceptMaps).toEqual([]);
      await store.close();
    });
  });

  it('ignores badly named files with a warning', async () => {
    await withTempDir(async (dir) => {
      const names = [
        '1abc.mapx',
        'a-b.mapx',
        'a_b.mapx',
        'a.b.mapx',
        `${'x'.repeat(65)}.mapx`,
        'README.md',
        'bad-name.json',
      ];
      for (const name of names) await writeFile(path.join(dir, name), '1');
      await writeFile(path.join(dir, `${'y'.repeat(64)}.mapx`), 'ok');
      const logger = createRecordingLogger();
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 }, logger);
      const snapshot = await store.load();
      expect([...snapshot.mappings.keys()]).toEqual(['y'.repeat(64)]);
      expect(snapshot.statics.size).toBe(0);
      expect(warnedFiles(logger)).toEqual([...names].sort());
    });
  });

  it('skips invalid alias entries and ignores an aliases file that is not an object', async () => {
    await withTempDir(async (dir) => {
      const aliases = { good: 'x', 'bad-name': 'y', num: 3, nested: { a: 'b' } };
      await writeFile(path.join(dir, 'aliases.json'), JSON.stringify(aliases));
      const logger = createRecordingLogger();
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 }, logger);
      expect(Object.fromEntries((await store.load()).aliases)).toEqual({ good: 'x' });
      expect(warnedFiles(logger)).toEqual(['bad-name', 'nested', 'num']);

      for (const text of ['["a"]', '"text"', '{broken']) {
        await writeFile(path.join(dir, 'aliases.json'), text);
        expect((await store.load()).aliases.size).toBe(0);
      }
    });
  });

  it('ignores a static JSON file that does not parse', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'broken.json'), '{"a":');
      await writeFile(path.join(dir, 'fine.json'), '[null]');
      const logger = createRecordingLogger();
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 }, logger);
      expect(Object.fromEntries((await store.load()).statics)).toEqual({ fine: [null] });
      expect(warnedFiles(logger)).toEqual(['broken.json']);
    });
  });

  it('uses the configured extension; other mapping-like files are ignored', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'one.fume'), '1');
      await writeFile(path.join(dir, 'two.mapx'), '2');
      const store = await openConfiguredStore({ folder: dir, fileExtension: 'FUME', pollingIntervalMs: 0 });
      expect(Object.fromEntries((await store.load()).mappings)).toEqual({ one: '1' });
      expect(await store.get('one')).toBe('1');
      expect(await store.get('two')).toBeUndefined();
    });
  });

  it('follows symbolic links to files', async () => {
    await withTempDir(async (dir) => {
      await mkdir(path.join(dir, 'maps'));
      await writeFile(path.join(dir, 'real.txt'), 'linked');
      await symlink(path.join(dir, 'real.txt'), path.join(dir, 'maps', 'viaLink.mapx'));
      const store = await openConfiguredStore({ folder: path.join(dir, 'maps'), pollingIntervalMs: 0 });
      expect(Object.fromEntries((await store.load()).mappings)).toEqual({ viaLink: 'linked' });
    });
  });

  it('creates a missing folder when writes are enabled, and refuses it when read-only', async () => {
    await withTempDir(async (dir) => {
      const missing = path.join(dir, 'a', 'b');
      await expect(openConfiguredStore({ folder: missing, writeEnabled: false })).rejects.toMatchObject({
        name: 'StoreError',
        code: 'STORE_UNAVAILABLE',
      });
      const store = await openConfiguredStore({ folder: missing, pollingIntervalMs: 0 });
      expect((await store.load()).mappings.size).toBe(0);
      await writeFile(path.join(dir, 'file'), '');
      await expect(openConfiguredStore({ folder: path.join(dir, 'file') })).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
      });
    });
  });

  it('reports a folder that vanished as STORE_IO', async () => {
    await withTempDir(async (dir) => {
      const folder = path.join(dir, 'maps');
      const store = await openConfiguredStore({ folder, pollingIntervalMs: 0 });
      await import('node:fs/promises').then((fs) => fs.rm(folder, { recursive: true }));
      await expect(store.load()).rejects.toMatchObject({ name: 'StoreError', code: 'STORE_IO' });
    });
  });
});
