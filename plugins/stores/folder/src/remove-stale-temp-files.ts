import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { PluginLogger } from '@mapx/plugin-api';
import { isTempFileName, tempFileOwner, THIS_HOST, type TempFileOwner } from './temp-file-name.js';
import { isProcessAlive } from './process-alive.js';

/**
 * A write takes milliseconds; a temp file untouched for this long cannot belong to a write in progress (ours or
 * another process's on a shared folder), whoever wrote it.
 */
export const STALE_TEMP_MS = 60_000;

export interface SweepOptions {
  /**
   * At start-up this process has written nothing yet, so a temp file bearing its own pid was left by an earlier
   * process that had the same pid (a supervisor restarting it inside one container often hands out the same pid).
   */
  readonly atStartUp: boolean;
}

/**
 * Removes the temp files that interrupted writes left behind (docs/stores.md, "Sweeping temp files"). Resolves
 * how many temp files it had to leave because they may still be writes in progress.
 */
export async function removeStaleTempFiles(
  dir: string,
  logger: PluginLogger,
  options: SweepOptions,
): Promise<number> {
  const now = Date.now();
  let kept = 0;
  for (const name of await readdir(dir)) {
    if (!isTempFileName(name)) continue;
    const file = path.join(dir, name);
    try {
      const reason = staleReason(tempFileOwner(name), now - (await stat(file)).mtimeMs, options);
      if (!reason) {
        kept++;
        continue;
      }
      await unlink(file);
      logger.info(
        { file: name, reason },
        'mappings folder: removed a temp file left by an interrupted write',
      );
    } catch {
      // Another process removed it first.
    }
  }
  return kept;
}

function staleReason(
  owner: TempFileOwner | undefined,
  ageMs: number,
  { atStartUp }: SweepOptions,
): string | undefined {
  if (ageMs >= STALE_TEMP_MS) return `older than ${STALE_TEMP_MS / 1000} s`;
  if (owner?.host !== THIS_HOST) return undefined;
  if (owner.pid === process.pid) return atStartUp ? 'left by an earlier process with this pid' : undefined;
  return isProcessAlive(owner.pid) ? undefined : 'its writer process has exited';
}
