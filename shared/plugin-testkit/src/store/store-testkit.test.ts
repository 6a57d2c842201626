import { describe, expect, it } from 'vitest';
import { defineStore, type MappingStore, type StandardSchemaV1 } from '@mapx/plugin-api';
import { createTestPluginContext } from '../normalizer/instantiate.js';
import {
  checkStoreHistory,
  checkStoreTestCases,
  createRecordingLogger,
  instantiateStore,
  validatePluginOptions,
  waitFor,
  waitForStoreChange,
} from './index.js';

interface DirOptions {
  readonly dir: string | undefined;
}

/** A hand-written Standard Schema: `dir` must be a string when present. */
const dirSchema: StandardSchemaV1<unknown, DirOptions> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate(value) {
      const dir = (value as { dir?: unknown } | null)?.dir;
      if (dir === undefined || typeof dir === 'string') return { value: { dir } };
      return { issues: [{ message: 'expected a string', path: [{ key: 'nested' }, 'dir'] }] };
    },
  },
};

/** A store whose changes the test triggers by hand. */
function createManualStore(): MappingStore & { change(): void; listeners(): number } {
  const listeners = new Set<() => void>();
  return {
    name: 'manual',
    capabilities: { write: false, watch: true },
    load: () =>
      Promise.resolve({ mappings: new Map(), aliases: new Map(), statics: new Map(), conceptMaps: [] }),
    get: () => Promise.resolve(undefined),
    watch(onChange) {
      listeners.add(onChange);
      return { dispose: () => listeners.delete(onChange) };
    },
    close: () => Promise.resolve(),
    change: () => listeners.forEach((listener) => listener()),
    listeners: () => listeners.size,
  };
}

const plugin = defineStore<DirOptions>({
  meta: { packageName: '@test/store', version: '0.0.0', id: 'test', apiVersion: 1 },
  optionsSchema: dirSchema,
  create: (options, ctx) => {
    ctx.logger.info({ dir: options.dir }, 'created');
    return Promise.resolve(options.dir === undefined ? null : createManualStore());
  },
});

describe('store testkit', () => {
  it('reports option issues as messages and dotted paths', async () => {
    expect(await validatePluginOptions(plugin, { dir: 'x' })).toEqual({ ok: true, value: { dir: 'x' } });
    expect(await validatePluginOptions(plugin, { dir: 3 })).toEqual({
      ok: false,
      messages: ['expected a string'],
      paths: ['nested.dir'],
    });
  });

  it('instantiates a store with the given context, null when not configured', async () => {
    const logger = createRecordingLogger();
    expect(await instantiateStore(plugin, {}, createTestPluginContext({ logger }))).toBeNull();
    const store = await instantiateStore(plugin, { dir: '/d' }, createTestPluginContext({ logger }));
    expect(store?.name).toBe('manual');
    expect(logger.entries).toEqual([
      { level: 'info', obj: { dir: undefined }, msg: 'created' },
      { level: 'info', obj: { dir: '/d' }, msg: 'created' },
    ]);
  });

  it('refuses rejected options as a broken test setup', async () => {
    await expect(instantiateStore(plugin, { dir: 3 })).rejects.toThrow(
      '@test/store: options rejected: expected a string',
    );
  });

  it('waits for a change the action causes, and unsubscribes afterwards', async () => {
    const store = createManualStore();
    let seen = 0;
    store.watch!(() => (seen += 1));
    await waitForStoreChange(store, () => Promise.resolve(store.change()));
    expect(seen).toBe(1);
    expect(store.listeners()).toBe(1);
    await expect(waitForStoreChange(store, () => Promise.resolve(), 30)).rejects.toThrow(
      'timed out waiting for a change event',
    );
    expect(store.listeners()).toBe(1);
  });

  it('waitFor resolves once the predicate holds', async () => {
    let ready = false;
    setImmediate(() => (ready = true));
    await waitFor(() => ready);
    expect(ready).toBe(true);
  });
});

describe('store testkit: test cases', () => {
  it('a store without test-case methods conforms (they are optional)', async () => {
    expect(await checkStoreTestCases(createManualStore(), 'm1')).toEqual([]);
  });

  it('a store with only some of them does not', async () => {
    const partial = { ...createManualStore(), listTests: () => Promise.resolve([]) };
    expect(await checkStoreTestCases(partial, 'm1')).toEqual([
      'offers some test-case methods but not all four',
    ]);
  });
});

describe('checkStoreHistory', () => {
  it('a store without history methods conforms', async () => {
    expect(await checkStoreHistory(createManualStore(), 'm1')).toEqual([]);
  });

  it('a store with only one of them does not', async () => {
    const partial = { ...createManualStore(), listVersions: () => Promise.resolve([]) };
    expect(await checkStoreHistory(partial, 'm1')).toEqual(['offers one history method but not both']);
  });

  it('a store that forgets earlier versions is reported', async () => {
    const texts = new Map<string, string>();
    const forgetful: MappingStore = {
      ...createManualStore(),
      capabilities: { write: true, watch: false },
      put: (id, text) => {
        const created = !texts.has(id);
        texts.set(id, text);
        return Promise.resolve({ created });
      },
      listVersions: (id) => Promise.resolve(texts.has(id) ? [{ versionId: 'v1', current: true }] : []),
      getVersion: (id, versionId) => {
        const expression = texts.get(id);
        return Promise.resolve(
          versionId === 'v1' && expression !== undefined
            ? { versionId, current: true, expression }
            : undefined,
        );
      },
    };
    const problems = await checkStoreHistory(forgetful, 'm1');
    expect(problems[0]).toBe('three saves list 1 versions (expected at least 3)');
    expect(problems.some((p) => p.startsWith('the versions read back are not the saved texts'))).toBe(true);
  });
});
