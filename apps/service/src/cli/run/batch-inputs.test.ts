import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_INPUTS, FIRST_BATCH_INPUTS, batchInputs } from './batch-inputs.js';
import type { RunInput } from './run-input.js';

/** The inputs in groups of 1, 2, 3, 1, … (readers yield what each read chunk completes). */
async function* inputs(sizes: readonly number[]): AsyncGenerator<RunInput[]> {
  let group: RunInput[] = [];
  for (const [seq, size] of sizes.entries()) {
    const position = { file: 'f', index: seq + 1 };
    group.push(
      size < 0
        ? { seq, position, issue: { code: 'RUN_INPUT_TOO_LARGE', message: 'big' } }
        : { seq, position, contentType: 'application/json', bytes: new Uint8Array(size) },
    );
    if (group.length === (seq % 3) + 1) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}

async function batches(sizes: readonly number[], threads = 1): Promise<number[][]> {
  const out: number[][] = [];
  for await (const batch of batchInputs(inputs(sizes), threads)) out.push(batch.map((i) => i.seq));
  return out;
}

describe('batchInputs', () => {
  it('groups inputs in order: small batches first, doubling each round of threads, then BATCH_INPUTS', async () => {
    const first = FIRST_BATCH_INPUTS;
    const ramp = [first, first * 2, first * 4, first * 8].filter((n) => n < BATCH_INPUTS);
    const total = ramp.reduce((a, b) => a + b, 0) + BATCH_INPUTS * 2 + 3;
    const got = await batches(Array.from({ length: total }, () => 10));
    expect(got.map((b) => b.length)).toEqual([...ramp, BATCH_INPUTS, BATCH_INPUTS, 3]);
    expect(got.flat()).toEqual(Array.from({ length: total }, (_, i) => i));
  });

  it('keeps each batch size for one round of threads, so a short run reaches every thread', async () => {
    const got = await batches(
      Array.from({ length: 3 * FIRST_BATCH_INPUTS + 2 * FIRST_BATCH_INPUTS + 1 }, () => 1),
      3,
    );
    expect(got.map((b) => b.length)).toEqual([
      FIRST_BATCH_INPUTS,
      FIRST_BATCH_INPUTS,
      FIRST_BATCH_INPUTS,
      2 * FIRST_BATCH_INPUTS,
      1,
    ]);
  });

  it('sends a batch early once it holds BATCH_BYTES; inputs that failed to read ride along', async () => {
    const half = BATCH_BYTES / 2;
    expect(await batches([half, -1, half, 1, 2])).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });
});
