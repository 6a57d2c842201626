import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_VIEW } from '../mappings/mapping-cache.js';
import { BatchWatchdog } from './batch-watchdog.js';
import type { BatchTask, BatchTaskResult } from './batch-task.js';
import { runBatchOn } from './run-batch.js';

/**
 * A thread that holds no view until one comes with a task: it refuses the first task as stale, handing back the
 * buffers main lent it (input first), as the evaluation thread does; then it answers with the input it was sent
 * again, byte for byte, as its one output text, and the lengths of the spares it got.
 */
const STAND_IN = (piscina: string) => `
import { move, transferableSymbol, valueSymbol } from ${JSON.stringify(piscina)};
const moved = (value, buffers) => move({ [transferableSymbol]: buffers, [valueSymbol]: value });
export default (task) => {
  const lent = [task.bytes.buffer, ...(task.spares ?? [])];
  if (!task.view) return moved({ stale: true, buffers: lent }, lent);
  const input = new Uint8Array(task.bytes.buffer, 0, task.ends.at(-1));
  const value = { failures: [], warnings: [], texts: [['echo', input, task.ends.length]], spareSizes: task.spares.map((s) => s.byteLength) };
  return moved(value, lent);
};
`;

let folder: string;
let pool: Piscina<BatchTask, BatchTaskResult>;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'mapx-run-batch-'));
  const piscina = pathToFileURL(createRequire(import.meta.url).resolve('piscina')).href;
  writeFileSync(join(folder, 'stand-in.mjs'), STAND_IN(piscina));
  pool = new Piscina({ filename: pathToFileURL(join(folder, 'stand-in.mjs')).href, maxThreads: 1 });
});
afterAll(async () => {
  await pool.destroy();
  rmSync(folder, { recursive: true, force: true });
});

describe('runBatchOn with an exclusive batch', () => {
  it('moves its buffers to the thread, and after a stale refusal sends it again in the buffers handed back', async () => {
    const text = 'MSH|^~\\&|first\rMSH|^~\\&|second — ünïcode\r';
    const encoded = new TextEncoder().encode(text);
    const input = new ArrayBuffer(64 * 1024);
    new Uint8Array(input).set(encoded);
    const spares = [new ArrayBuffer(80 * 1024), new ArrayBuffer(96 * 1024)];
    const bytes = new Uint8Array(input, 0, encoded.length);
    const watchdog = new BatchWatchdog(10_000);
    const result = (await runBatchOn(
      pool,
      {
        source: '$',
        bytes,
        ends: [15, encoded.length],
        contentTypes: ['x-application/hl7-v2+er7'],
        shape: 'ndjson',
        exclusive: true,
        spares,
      },
      { version: 1, view: EMPTY_VIEW },
      watchdog,
    )) as BatchTaskResult & { spareSizes: number[] };
    watchdog.stop();
    // moved, not copied: main's views of the lent memory are empty now
    expect(bytes.byteLength).toBe(0);
    expect(spares.map((s) => s.byteLength)).toEqual([0, 0]);
    if (result.stale) throw new Error('stale twice');
    const [, echoed] = result.texts[0]!;
    expect(new TextDecoder().decode(echoed)).toBe(text);
    expect(result.spareSizes).toEqual([80 * 1024, 96 * 1024]);
  });

  it('copies a batch that is not exclusive, leaving main its bytes', async () => {
    const bytes = new TextEncoder().encode('{"a":1}');
    const watchdog = new BatchWatchdog(10_000);
    await expect(
      runBatchOn(
        pool,
        {
          source: '$',
          bytes,
          ends: [bytes.length],
          contentTypes: ['application/json'],
          shape: 'ndjson',
          spares: [],
        },
        { version: 1, view: EMPTY_VIEW },
        watchdog,
      ),
    ).resolves.toMatchObject({ failures: [] });
    watchdog.stop();
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}');
  });
});
