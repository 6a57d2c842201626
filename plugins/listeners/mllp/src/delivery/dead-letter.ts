import { randomBytes } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
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

/**
 * The dead-letter folder: one JSON file per message whose result could not be delivered. Each file is written
 * under a temporary name, flushed to disk, then renamed: a reader (or a crash) never sees a torn file.
 */
export class DeadLetterFolder {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /** Resolves with the file name. */
  async write(letter: DeadLetter): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const stamp = letter.receivedAt.replace(/[:.]/g, '-');
    const id = letter.controlId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
    const name = `${stamp}-${id || 'no-control-id'}-${randomBytes(4).toString('hex')}.json`;
    const body = JSON.stringify(
      {
        receivedAt: letter.receivedAt,
        mappingId: letter.mappingId,
        controlId: letter.controlId,
        messageBase64: letter.message.toString('base64'),
        message: letter.message.toString('utf8'),
        result: letter.result,
        error: letter.error,
      },
      null,
      2,
    );
    const temp = join(this.dir, `.${name}.tmp`);
    const file = await open(temp, 'wx');
    try {
      await file.writeFile(body, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, join(this.dir, name));
    return name;
  }
}
