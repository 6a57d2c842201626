import { open, type FileHandle } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DeliveryError, type Delivery } from './delivery.js';

interface Waiting {
  readonly line: string;
  readonly settle: (err?: unknown) => void;
}

/**
 * Results appended to one NDJSON file, one line per message (an undefined result writes nothing). A delivery
 * resolves only once its line is on disk (the file fsynced, and its directory once after the file was opened,
 * so a new file's entry survives a power loss too): the AA that follows is a promise a crash cannot break.
 * Lines that arrive while a write and fsync run are written and fsynced together (group commit), so the cost
 * of one fsync is shared by every connection waiting for it, and lines never interleave.
 */
export function ndjsonSink(file: string): Delivery {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  let handle: Promise<FileHandle> | undefined;
  let waiting: Waiting[] = [];
  let flushing: Promise<void> | undefined;

  // a failed open is tried again by the next delivery (a folder made writable again, a disk no longer full)
  const opened = () =>
    (handle ??= openDurably(path).catch((err: unknown) => {
      handle = undefined;
      throw err;
    }));
  const flush = async () => {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const fh = await opened();
        await fh.write(group.map((w) => w.line).join(''));
        await fh.datasync();
        for (const w of group) w.settle();
      } catch (err) {
        for (const w of group) w.settle(err);
      }
    }
    flushing = undefined;
  };

  return {
    target: `ndjson ${path}`,
    deliver: (result) => {
      if (result === undefined) return Promise.resolve();
      const line = `${JSON.stringify(result)}\n`;
      const done = new Promise<void>((ok, fail) =>
        waiting.push({ line, settle: (err) => (err === undefined ? ok() : fail(err)) }),
      );
      flushing ??= flush();
      return done.catch((err: unknown) => {
        throw new DeliveryError(
          'MLLP_DELIVERY_FAILED',
          `writing ${path} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      });
    },
    close: async () => {
      await flushing;
      if (handle) await (await handle.catch(() => undefined))?.close();
    },
  };
}

/** Opens for appending and fsyncs the directory, so the file's entry is durable before any line is promised. */
async function openDurably(path: string): Promise<FileHandle> {
  const fh = await open(path, 'a');
  try {
    const dir = await open(dirname(path), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch (err) {
    await fh.close();
    throw err;
  }
  return fh;
}
