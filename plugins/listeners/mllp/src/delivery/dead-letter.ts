import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface DeadLetter {
  readonly receivedAt: string;
  readonly mappingId: string;
  readonly controlId: string;
  /** The original message, byte for byte. */
  readonly message: Buffer;
  readonly result: unknown;
  readonly error: { readonly code: string; readonly message: string; readonly detail?: unknown };
}

export interface DeadLetterBounds {
  /** Total size of the folder's letters; 0 → none is written. */
  readonly maxBytes: number;
  readonly maxFiles: number;
}

/** The folder is at one of its bounds: the letter was not written. */
export class DeadLetterFullError extends Error {
  override readonly name = 'DeadLetterFullError';
}

/** A full folder is counted again (an operator may have emptied it) at most this often. */
const RECOUNT_EVERY_MS = 5_000;

/**
 * The dead-letter folder: one JSON file per message whose result could not be delivered, readable by the
 * service's user only (0600 in a 0700 folder: they hold patient data). Each file is written under a temporary
 * name, flushed to disk, renamed, and the folder flushed too: a reader (or a crash) never sees a torn file, and
 * a letter whose AE went out survives a power cut. The folder is bounded in bytes and files (counted at the
 * first write, then kept up to date, recounted while full).
 */
export class DeadLetterFolder {
  readonly dir: string;
  private usage: Promise<{ bytes: number; files: number; countedAt: number }> | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    dir: string,
    private readonly bounds: DeadLetterBounds = { maxBytes: Infinity, maxFiles: Infinity },
  ) {
    this.dir = resolve(dir);
  }

  /**
   * Resolves with the file name and its reference (the random part of the name, what the sender is told);
   * rejects with DeadLetterFullError past a bound (nothing written).
   */
  write(letter: DeadLetter): Promise<{ readonly file: string; readonly ref: string }> {
    // one writer at a time: the bound check and the count it updates stay consistent
    const done = this.tail.then(() => this.writeNow(letter));
    this.tail = done.catch(() => undefined);
    return done;
  }

  private async writeNow(letter: DeadLetter): Promise<{ file: string; ref: string }> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const body = Buffer.from(serialise(letter), 'utf8');
    const usage = await this.currentUsage(body.length);
    if (usage.files + 1 > this.bounds.maxFiles || usage.bytes + body.length > this.bounds.maxBytes)
      throw new DeadLetterFullError(
        `the dead-letter folder is full (${usage.files} files, ${usage.bytes} bytes; ` +
          `MLLP_DEAD_LETTER_MAX_FILES ${this.bounds.maxFiles}, MLLP_DEAD_LETTER_MAX_BYTES ${this.bounds.maxBytes})`,
      );
    const stamp = letter.receivedAt.replace(/[:.]/g, '-');
    const id = letter.controlId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
    const ref = randomBytes(4).toString('hex');
    const name = `${stamp}-${id || 'no-control-id'}-${ref}.json`;
    const temp = join(this.dir, `.${name}.tmp`);
    const file = await open(temp, 'wx', 0o600);
    try {
      await file.writeFile(body);
      await file.sync();
    } catch (err) {
      await file.close();
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await file.close();
    await rename(temp, join(this.dir, name));
    await syncDirectory(this.dir);
    usage.bytes += body.length;
    usage.files += 1;
    return { file: name, ref };
  }

  private async currentUsage(adding: number) {
    const now = Date.now();
    const known = this.usage ? await this.usage : undefined;
    const full =
      known && (known.files + 1 > this.bounds.maxFiles || known.bytes + adding > this.bounds.maxBytes);
    if (!known || (full && now - known.countedAt >= RECOUNT_EVERY_MS)) {
      this.usage = count(this.dir);
      return this.usage;
    }
    return known;
  }
}

/** The message once (base64: byte for byte, whatever its character set), the result, the error. */
function serialise(letter: DeadLetter): string {
  return JSON.stringify({
    receivedAt: letter.receivedAt,
    mappingId: letter.mappingId,
    controlId: letter.controlId,
    messageBase64: letter.message.toString('base64'),
    result: letter.result,
    error: letter.error,
  });
}

async function count(dir: string): Promise<{ bytes: number; files: number; countedAt: number }> {
  let bytes = 0;
  let files = 0;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    bytes += info.size;
    files++;
  }
  return { bytes, files, countedAt: Date.now() };
}

/** The rename is durable only once the folder's entry is on disk (POSIX); Windows cannot open a folder. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
