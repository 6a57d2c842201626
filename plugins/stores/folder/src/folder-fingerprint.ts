import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { classifyEntry } from './classify-entry.js';

/**
 * A cheap summary of the folder's relevant files: names, inodes, sizes and nanosecond mtimes. Atomic writes
 * replace the inode, so even a same-size rewrite within one mtime tick changes the fingerprint.
 */
export async function fingerprintFolder(dir: string, extension: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => isRelevant(name, extension)).sort();
  const parts = await Promise.all(
    names.map(async (name) => {
      try {
        const s = await stat(path.join(dir, name), { bigint: true });
        return `${name}:${s.ino}:${s.size}:${s.mtimeNs}`;
      } catch {
        return `${name}:gone`;
      }
    }),
  );
  return parts.join('\n');
}

export function isRelevant(fileName: string, extension: string): boolean {
  const kind = classifyEntry(fileName, extension).kind;
  return kind !== 'temp' && kind !== 'hidden';
}
