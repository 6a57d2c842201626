import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Temp files are dot-files with this suffix, so that no reader mistakes them for mappings. */
const TEMP_SUFFIX = '.mapx-tmp';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * `.<file>.<host>-<pid>.<uuid>.mapx-tmp`; the owner part is absent from names written before it existed.
 * Anything else (an editor's or another tool's file) is not ours and is never removed.
 */
const TEMP_NAME = new RegExp(`^\\.[^/\\\\]+?\\.(?:([0-9a-f]{8})-([1-9][0-9]{0,9})\\.)?${UUID}\\.mapx-tmp$`);

/** Who wrote a temp file: a pid only identifies a process within the pid space (`host`) it was written from. */
export interface TempFileOwner {
  readonly host: string;
  readonly pid: number;
}

/**
 * The pid space of this process, as a short digest (names stay short and free of characters a file system might
 * refuse): the host name, and on Linux the boot and the pid namespace too, so that two containers sharing a folder
 * never take each other's pids for their own, even under one host name.
 */
export const THIS_HOST = createHash('sha256')
  .update([hostname(), readOr('/proc/sys/kernel/random/boot_id'), linkOr('/proc/self/ns/pid')].join('\n'))
  .digest('hex')
  .slice(0, 8);

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

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function linkOr(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
}
