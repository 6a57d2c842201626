import { watch as fsWatch, type FSWatcher } from 'node:fs';
import type { Disposable, PluginLogger } from '@mapx/plugin-api';
import { fingerprintFolder, isRelevant } from './folder-fingerprint.js';

export interface WatchFolderOptions {
  readonly dir: string;
  readonly extension: string;
  /** ≤ 0: no polling. */
  readonly pollingIntervalMs: number;
  readonly useFsWatch: boolean;
  readonly logger: PluginLogger;
  /** Fingerprint at the last load, so that a change between load and watch is not missed. */
  readonly baseline: string | undefined;
}

/** Bursts of file events (a save is several syscalls) are reported as one change. */
const COALESCE_MS = 25;
const FALLBACK_POLLING_MS = 5000;

/** Reports changes of the folder by `fs.watch` or by polling its fingerprint. */
export function watchFolder(options: WatchFolderOptions, onChange: () => void): Disposable {
  let disposed = false;
  let stopPolling: (() => void) | undefined;
  let watcher: FSWatcher | undefined;
  const notify = (): void => {
    if (!disposed) onChange();
  };
  const startPolling = (intervalMs: number): void => {
    stopPolling = pollFolder(options, intervalMs, notify);
  };
  if (options.useFsWatch) {
    const fallBack = (error: NodeJS.ErrnoException): void => {
      options.logger.warn({ code: error.code }, 'mappings folder: file watching failed; polling instead');
      watcher?.close();
      if (!disposed && !stopPolling) {
        startPolling(options.pollingIntervalMs > 0 ? options.pollingIntervalMs : FALLBACK_POLLING_MS);
      }
    };
    try {
      watcher = watchWithFs(options, notify, fallBack);
    } catch (error) {
      fallBack(error as NodeJS.ErrnoException);
    }
  } else if (options.pollingIntervalMs > 0) {
    startPolling(options.pollingIntervalMs);
  }
  return {
    dispose() {
      disposed = true;
      watcher?.close();
      stopPolling?.();
    },
  };
}

function watchWithFs(
  options: WatchFolderOptions,
  notify: () => void,
  onError: (error: NodeJS.ErrnoException) => void,
): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = fsWatch(options.dir, { persistent: false }, (_event, fileName) => {
    if (fileName !== null && !isRelevant(String(fileName), options.extension)) return;
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      notify();
    }, COALESCE_MS);
    timer.unref();
  });
  watcher.on('error', onError);
  return watcher;
}

/** Polls with a timeout chain (never overlapping scans); returns the stop function. */
function pollFolder(options: WatchFolderOptions, intervalMs: number, notify: () => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let last = options.baseline;
  const tick = async (): Promise<void> => {
    try {
      const current = await fingerprintFolder(options.dir, options.extension);
      if (last !== undefined && current !== last) notify();
      last = current;
    } catch (error) {
      options.logger.warn({ code: (error as NodeJS.ErrnoException).code }, 'mappings folder: polling failed');
    }
    if (!stopped) schedule();
  };
  const schedule = (): void => {
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };
  if (last === undefined) void tick();
  else schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
