import type { RunInput } from './run-input.js';

/** Inputs per batch task, and the bytes at which a batch is sent early (large inputs). */
export const BATCH_INPUTS = 32;
export const BATCH_BYTES = 256 * 1024;

/** Groups a stream of inputs into batches of at most `BATCH_INPUTS` inputs or about `BATCH_BYTES` bytes. */
export async function* batchInputs(inputs: AsyncIterable<RunInput>): AsyncGenerator<RunInput[]> {
  let batch: RunInput[] = [];
  let bytes = 0;
  for await (const input of inputs) {
    batch.push(input);
    if ('bytes' in input) bytes += input.bytes.length;
    if (batch.length >= BATCH_INPUTS || bytes >= BATCH_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}
