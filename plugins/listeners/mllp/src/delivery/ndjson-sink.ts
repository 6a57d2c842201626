import { open, type FileHandle } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DeliveryError, type Delivery } from './delivery.js';

/**
 * Results appended to one NDJSON file, one line per message (an undefined result writes nothing). Writes are
 * serialised so concurrent connections never interleave within a line.
 */
export function ndjsonSink(file: string): Delivery {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  let handle: Promise<FileHandle> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  const write = async (line: string) => {
    handle ??= open(path, 'a');
    await (await handle).write(line);
  };
  return {
    target: `ndjson ${path}`,
    deliver: (result) => {
      if (result === undefined) return Promise.resolve();
      const line = `${JSON.stringify(result)}\n`;
      const done = tail.then(() => write(line));
      tail = done.catch(() => undefined);
      return done.catch((err: unknown) => {
        throw new DeliveryError(
          'MLLP_DELIVERY_FAILED',
          `writing ${path} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      });
    },
    close: async () => {
      await tail;
      if (handle) await (await handle).close();
    },
  };
}
