import { readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  StoreError,
  createKeyedQueue,
  isValidMappingId,
  type Disposable,
  type MappingStore,
  type MappingTestCase,
  type MappingTestCaseSummary,
  type MappingVersion,
  type MappingVersionSummary,
  type PluginLogger,
  type StoreSnapshot,
  type StoreWriteResult,
} from '@mapx/plugin-api';
import { syncDirectory, writeFileAtomic } from './atomic-write.js';
import { errnoCode, ioError } from './io-error.js';
import { fingerprintFolder } from './folder-fingerprint.js';
import { loadFolderSnapshot } from './load-folder-snapshot.js';
import type { FolderStoreOptions } from './options.js';
import { removeStaleTempFiles, STALE_TEMP_MS } from './remove-stale-temp-files.js';
import { watchFolder } from './watch-folder.js';
import { FolderTestCases } from './folder-test-cases.js';
import { FolderHistory } from './folder-history.js';

export type ConfiguredFolderOptions = FolderStoreOptions & { readonly folder: string };

/** Mappings as `<id><ext>` files in one folder; see docs/stores.md. Use `createFolderStore` to create one. */
export class FolderStore implements MappingStore {
  readonly name: string;
  readonly capabilities: { readonly write: boolean; readonly watch: boolean };
  private readonly dir: string;
  private readonly ext: string;
  private readonly queue = createKeyedQueue();
  private readonly watchers = new Set<Disposable>();
  /** Fingerprint taken by the last load, so that a change between load and watch is not missed. */
  private baseline: string | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly tests: FolderTestCases;
  private readonly history: FolderHistory;

  constructor(
    private readonly options: ConfiguredFolderOptions,
    private readonly logger: PluginLogger,
  ) {
    this.dir = options.folder;
    this.ext = options.fileExtension;
    this.name = `folder:${this.dir}`;
    this.tests = new FolderTestCases(this.dir, logger);
    this.history = new FolderHistory(
      this.dir,
      this.ext,
      { maxVersions: options.historyMaxVersions, maxBytes: options.historyMaxBytes },
      logger,
    );
    this.capabilities = {
      write: options.writeEnabled,
      watch: options.watch || options.pollingIntervalMs > 0,
    };
  }

  async load(): Promise<StoreSnapshot> {
    try {
      if ((await removeStaleTempFiles(this.dir, this.logger, { atStartUp: false })) > 0) this.sweepLater();
      this.baseline = await fingerprintFolder(this.dir, this.ext);
      return await loadFolderSnapshot(this.dir, this.ext, this.logger);
    } catch (error) {
      throw ioError('cannot read the mappings folder', error);
    }
  }

  async get(id: string): Promise<string | undefined> {
    if (!isValidMappingId(id)) return undefined;
    try {
      return await readFile(this.filePath(id), 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined;
      throw ioError(`cannot read mapping "${id}"`, error);
    }
  }

  async put(id: string, expression: string): Promise<StoreWriteResult> {
    this.assertWritable(id);
    return this.queue.run(id, async () => {
      try {
        const existed = await exists(this.filePath(id));
        await this.history.archive(id, expression);
        await writeFileAtomic(this.dir, `${id}${this.ext}`, expression);
        return { created: !existed };
      } catch (error) {
        throw ioError(`cannot write mapping "${id}"`, error);
      }
    });
  }

  async delete(id: string): Promise<boolean> {
    this.assertWritable(id);
    return this.queue.run(id, async () => {
      try {
        await this.history.archive(id, undefined);
        await unlink(this.filePath(id));
        await syncDirectory(this.dir);
        return true;
      } catch (error) {
        if (errnoCode(error) === 'ENOENT') return false;
        throw ioError(`cannot delete mapping "${id}"`, error);
      }
    });
  }

  async listVersions(id: string): Promise<readonly MappingVersionSummary[]> {
    try {
      return await this.history.list(id);
    } catch (error) {
      throw ioError(`cannot list the versions of mapping "${id.slice(0, 80)}"`, error);
    }
  }

  async getVersion(id: string, versionId: string): Promise<MappingVersion | undefined> {
    try {
      return await this.history.get(id, versionId);
    } catch (error) {
      throw ioError(`cannot read version "${versionId.slice(0, 80)}" of mapping "${id.slice(0, 80)}"`, error);
    }
  }

  async listTests(id: string): Promise<readonly MappingTestCaseSummary[]> {
    try {
      return await this.tests.list(id);
    } catch (error) {
      throw ioError(`cannot list the tests of mapping "${id.slice(0, 80)}"`, error);
    }
  }

  async getTest(id: string, name: string): Promise<MappingTestCase | undefined> {
    try {
      return await this.tests.get(id, name);
    } catch (error) {
      throw ioError(`cannot read test "${name.slice(0, 80)}" of mapping "${id.slice(0, 80)}"`, error);
    }
  }

  async putTest(id: string, testCase: MappingTestCase): Promise<StoreWriteResult> {
    this.assertWritable(id);
    return this.queue.run(`${id}.tests`, async () => {
      try {
        return await this.tests.put(id, testCase);
      } catch (error) {
        throw ioError(`cannot write test "${testCase.name.slice(0, 80)}" of mapping "${id}"`, error);
      }
    });
  }

  async deleteTest(id: string, name: string): Promise<boolean> {
    this.assertWritable(id);
    return this.queue.run(`${id}.tests`, async () => {
      try {
        return await this.tests.delete(id, name);
      } catch (error) {
        throw ioError(`cannot delete test "${name.slice(0, 80)}" of mapping "${id}"`, error);
      }
    });
  }

  watch(onChange: () => void): Disposable {
    const { pollingIntervalMs, watch: useFsWatch } = this.options;
    const watcher = watchFolder(
      {
        dir: this.dir,
        extension: this.ext,
        pollingIntervalMs,
        useFsWatch,
        logger: this.logger,
        baseline: this.baseline,
      },
      onChange,
    );
    this.watchers.add(watcher);
    return {
      dispose: () => {
        watcher.dispose();
        this.watchers.delete(watcher);
      },
    };
  }

  /** Sweeps temp files again once those kept as possible writes in progress are old enough to judge. */
  sweepLater(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      removeStaleTempFiles(this.dir, this.logger, { atStartUp: false }).catch((error: unknown) =>
        this.logger.warn({ err: error }, 'mappings folder: temp file sweep failed'),
      );
    }, STALE_TEMP_MS + 1000);
    // Never what keeps the process alive.
    this.sweepTimer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers.clear();
    await this.queue.idle();
  }

  private filePath(id: string): string {
    return path.join(this.dir, `${id}${this.ext}`);
  }

  private assertWritable(id: string): void {
    if (!this.options.writeEnabled) {
      throw new StoreError('STORE_READ_ONLY', 'writes to the mappings folder are disabled');
    }
    if (!isValidMappingId(id))
      throw new StoreError('STORE_BAD_ID', `invalid mapping id "${id.slice(0, 80)}"`);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}
