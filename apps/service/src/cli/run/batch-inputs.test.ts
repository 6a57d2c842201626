import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_INPUTS, batchInputs } from './batch-inputs.js';
import type { RunInput } from './run-input.js';

async function* inputs(sizes: readonly number[]): AsyncGenerator<RunInput> {
  let seq = 0;
  for (const size of sizes) {
    const position = { file: 'f', index: seq + 1 };
    if (size < 0) yield { seq: seq++, position, issue: { code: 'RUN_INPUT_TOO_LARGE', message: 'big' } };
    else yield { seq: seq++, position, contentType: 'application/json', bytes: new Uint8Array(size) };
  }
}

async function batches(sizes: readonly number[]): Promise<number[][]> {
  const out: number[][] = [];
  for await (const batch of batchInputs(inputs(sizes))) out.push(batch.map((i) => i.seq));
  return out;
}

describe('batchInputs', () => {
  it('groups inputs in order, at most BATCH_INPUTS per batch, the rest in a last batch', async () => {
    const got = await batches(Array.from({ length: BATCH_INPUTS * 2 + 3 }, () => 10));
    expect(got.map((b) => b.length)).toEqual([BATCH_INPUTS, BATCH_INPUTS, 3]);
    expect(got.flat()).toEqual(Array.from({ length: BATCH_INPUTS * 2 + 3 }, (_, i) => i));
  });

  it('sends a batch early once it holds BATCH_BYTES; inputs that failed to read ride along', async () => {
    const half = BATCH_BYTES / 2;
    expect(await batches([half, -1, half, 1, 2])).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });
});
