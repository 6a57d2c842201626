import { mkdir, stat } from 'node:fs/promises';
import { StoreError, type PluginLogger } from '@mapx/plugin-api';
import { FolderStore, type ConfiguredFolderOptions } from './folder-store.js';
import { errnoCode, ioError } from './io-error.js';
import { removeStaleTempFiles } from './remove-stale-temp-files.js';

/**
 * Boot I/O for the folder store: checks the folder (creating it when writes are enabled) and removes temp files
 * that interrupted writes left behind.
 */
export async function createFolderStore(
  options: ConfiguredFolderOptions,
  logger: PluginLogger,
): Promise<FolderStore> {
  await ensureFolder(options.folder, options.writeEnabled);
  const atStartUp = !openedFolders.has(options.folder);
  openedFolders.add(options.folder);
  const kept = await removeStaleTempFiles(options.folder, logger, { atStartUp });
  const store = new FolderStore(options, logger);
  // A file kept as a possible write in progress is old enough to judge after STALE_TEMP_MS, changes or not.
  if (kept > 0) store.sweepLater();
  return store;
}

/** Folders a store of this process has opened: a second store on one folder must spare the first one's writes. */
const openedFolders = new Set<string>();

async function ensureFolder(dir: string, createIfMissing: boolean): Promise<void> {
  try {
    if ((await stat(dir)).isDirectory()) return;
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw ioError(`cannot open the mappings folder ${dir}`, error);
    if (!createIfMissing)
      throw new StoreError('STORE_UNAVAILABLE', `the mappings folder does not exist: ${dir}`);
    await mkdir(dir, { recursive: true }).catch((e: unknown) => {
      throw ioError(`cannot create the mappings folder ${dir}`, e);
    });
    return;
  }
  throw new StoreError('STORE_UNAVAILABLE', `the mappings folder is not a directory: ${dir}`);
}
