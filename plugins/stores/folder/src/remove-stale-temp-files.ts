import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { PluginLogger } from '@mapx/plugin-api';
import { isTempFileName } from './atomic-write.js';

/** A temp file older than this cannot belong to a write in progress (ours or another replica's). */
const STALE_TEMP_MS = 60_000;

/** Removes temp files that interrupted writes left behind, so that they do not pile up. */
export async function removeStaleTempFiles(dir: string, logger: PluginLogger): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (!isTempFileName(name)) continue;
    const file = path.join(dir, name);
    try {
      if (now - (await stat(file)).mtimeMs < STALE_TEMP_MS) continue;
      await unlink(file);
      logger.info({ file: name }, 'mappings folder: removed a temp file left by an interrupted write');
    } catch {
      // Another replica removed it first.
    }
  }
}
