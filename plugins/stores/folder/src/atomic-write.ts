import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { tempFileName } from './temp-file-name.js';

/**
 * Replaces `dir/fileName` atomically: readers see the old content or the new one, never a mix, and a crash at any
 * point leaves at most a temp file behind. The temp file lives in the same folder, since rename is only atomic
 * within one file system.
 */
export async function writeFileAtomic(
  dir: string,
  fileName: string,
  content: string | Uint8Array,
): Promise<void> {
  const tempPath = path.join(dir, tempFileName(fileName));
  try {
    const handle = await open(tempPath, 'wx');
    try {
      await handle.writeFile(content, 'utf8');
      // Without this, a power loss after the rename can leave a renamed but empty file.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path.join(dir, fileName));
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

/** Makes a rename or unlink in `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Windows cannot open or fsync a directory; the rename is still atomic there.
    if (!isUnsupportedDirectorySync(error)) throw error;
  } finally {
    await handle?.close();
  }
}

function isUnsupportedDirectorySync(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EISDIR' || code === 'EPERM' || code === 'EINVAL' || code === 'EBADF';
}
