import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Temp files are dot-files with this suffix, so that no reader mistakes them for mappings. */
const TEMP_SUFFIX = '.mapx-tmp';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * `.<file>.<host>-<pid>.<uuid>.mapx-tmp`; the owner part is absent from names written before it existed.
 * Anything else (an editor's or another tool's file) is not ours and is never removed.
 */
const TEMP_NAME = new RegExp(`^\\.[^/\\\\]+?\\.(?:([0-9a-f]{8})-([1-9][0-9]{0,9})\\.)?${UUID}\\.mapx-tmp$`);

/** Who wrote a temp file: pids only identify a process on the host that wrote the file. */
export interface TempFileOwner {
  readonly host: string;
  readonly pid: number;
}

/** A short digest of the host name: names stay short and free of characters a file system might refuse. */
export const THIS_HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

export function tempFileName(fileName: string): string {
  return `.${fileName}.${THIS_HOST}-${process.pid}.${randomUUID()}${TEMP_SUFFIX}`;
}

export function isTempFileName(fileName: string): boolean {
  return TEMP_NAME.test(fileName);
}

/** The writer recorded in a temp file's name; `undefined` for names without one (or not ours). */
export function tempFileOwner(fileName: string): TempFileOwner | undefined {
  const match = TEMP_NAME.exec(fileName);
  if (!match?.[1] || !match[2]) return undefined;
  return { host: match[1], pid: Number(match[2]) };
}
