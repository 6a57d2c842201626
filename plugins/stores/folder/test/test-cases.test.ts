import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '@mapx/plugin-api';
import { checkStoreTestCases, createRecordingLogger } from '@mapx/plugin-testkit/store';
import { openConfiguredStore, withTempDir } from './support.js';

const enc = (text: string) => new TextEncoder().encode(text);

describe('folder store: test cases beside mappings', () => {
  it('passes the store testkit check for test cases', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      await store.put!('adt', 'x');
      expect(await checkStoreTestCases(store, 'adt')).toEqual([]);
      // left as found: the emptied tests folder is gone
      expect(await readdir(dir)).toEqual(['adt.mapx']);
    });
  });

  it('reads <id>.tests/<name>.<ext> with <name>.expected.json, and never lists the folder as a mapping', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'adt.mapx'), 'InstanceOf: Patient');
      const tests = path.join(dir, 'adt.tests');
      await mkdir(tests);
      await writeFile(path.join(tests, 'a01.hl7'), 'MSH|^~\\&|\r');
      await writeFile(path.join(tests, 'a01.expected.json'), '{"resourceType":"Patient"}');
      await writeFile(path.join(tests, 'new-case.csv'), 'a,b\n1,2\n');
      await writeFile(path.join(tests, '.swap'), 'editor file');
      const logger = createRecordingLogger();
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 }, logger);
      const snapshot = await store.load();
      expect([...snapshot.mappings.keys()]).toEqual(['adt']);
      expect(snapshot.rejected).toBeUndefined();
      expect(logger.entries.filter((e) => e.level === 'warn')).toEqual([]);
      expect(await store.listTests!('adt')).toEqual([
        { name: 'a01', inputExtension: 'hl7', hasExpected: true },
        { name: 'new-case', inputExtension: 'csv', hasExpected: false },
      ]);
      const a01 = await store.getTest!('adt', 'a01');
      expect(Buffer.from(a01!.input).toString()).toBe('MSH|^~\\&|\r');
      expect(a01!.expected).toBe('{"resourceType":"Patient"}');
      expect((await store.getTest!('adt', 'new-case'))?.expected).toBeUndefined();
      expect(await store.listTests!('other')).toEqual([]);
    });
  });

  it('skips bad file names and orphan expectations with a warning', async () => {
    await withTempDir(async (dir) => {
      const tests = path.join(dir, 'm.tests');
      await mkdir(tests, { recursive: true });
      await writeFile(path.join(tests, 'orphan.expected.json'), '{}');
      await writeFile(path.join(tests, 'bad name.json'), '{}');
      const logger = createRecordingLogger();
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 }, logger);
      expect(await store.listTests!('m')).toEqual([]);
      expect(logger.entries.map((e) => e.msg)).toEqual([
        'mappings folder: test file ignored: bad name',
        'mappings folder: expectation without an input ignored',
      ]);
    });
  });

  it('writes input bytes as given and the expectation as text; a case without expectation removes it', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      const latin1 = Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);
      await store.putTest!('m', { name: 'c', inputExtension: 'hl7', input: latin1, expected: '{"a":1}\n' });
      expect(await readFile(path.join(dir, 'm.tests', 'c.hl7'))).toEqual(Buffer.from(latin1));
      expect(await readFile(path.join(dir, 'm.tests', 'c.expected.json'), 'utf8')).toBe('{"a":1}\n');
      await store.putTest!('m', { name: 'c', inputExtension: 'hl7', input: enc('x') });
      expect((await readdir(path.join(dir, 'm.tests'))).sort()).toEqual(['c.hl7']);
    });
  });

  it('refuses bad ids and names, and writes when the store is read-only', async () => {
    await withTempDir(async (dir) => {
      const store = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0 });
      const good = { name: 'c', inputExtension: 'json', input: enc('{}') };
      for (const attempt of [
        () => store.putTest!('../x', good),
        () => store.putTest!('m', { ...good, name: '../../etc' }),
        () => store.putTest!('m', { ...good, inputExtension: 'expected.json' }),
        () => store.deleteTest!('m', 'a/b'),
      ])
        await expect(attempt()).rejects.toMatchObject({ code: 'STORE_BAD_ID' });
      expect(await store.getTest!('m', '../../etc/passwd')).toBeUndefined();
      const readOnly = await openConfiguredStore({ folder: dir, pollingIntervalMs: 0, writeEnabled: false });
      const refused = await readOnly.putTest!('m', good).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(StoreError);
      expect(refused).toMatchObject({ code: 'STORE_READ_ONLY' });
      expect(await readdir(dir)).toEqual([]);
    });
  });
});
