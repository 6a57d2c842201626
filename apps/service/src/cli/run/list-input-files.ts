import { statSync } from 'node:fs';
import { isDynamicPattern, glob } from 'tinyglobby';

/** The files of `--input`, in a stable order (sorted): sequence numbers, shards and checkpoints rely on it. */
export async function listInputFiles(input: string): Promise<string[]> {
  if (input === '-') return ['-'];
  const stat = statSync(input, { throwIfNoEntry: false });
  if (stat?.isFile()) return [input];
  const files = stat?.isDirectory()
    ? await glob('**/*', { cwd: input, absolute: true, onlyFiles: true, dot: false })
    : isDynamicPattern(input)
      ? await glob(input, { absolute: true, onlyFiles: true })
      : undefined;
  if (files === undefined) throw new Error(`--input: no file, folder or glob "${input}"`);
  if (files.length === 0) throw new Error(`--input: "${input}" matches no file`);
  return files.sort(byCodePoint);
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
