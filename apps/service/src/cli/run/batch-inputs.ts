import type { RunInput } from './run-input.js';

/** Inputs per batch task once a run is under way, and the bytes at which a batch is sent early (large inputs). */
export const BATCH_INPUTS = 64;
export const BATCH_BYTES = 256 * 1024;
/**
 * The first batches are smaller (8, then 16, 32, each size for one round of `threads` batches), so that a short
 * run still reaches every thread; later ones are large, since each hand-over costs the thread that feeds them all.
 */
export const FIRST_BATCH_INPUTS = 8;

/**
 * Groups a stream of inputs, read in groups of any size, into batches of at most `BATCH_INPUTS` inputs (fewer at
 * first: `FIRST_BATCH_INPUTS`) or about `BATCH_BYTES` bytes.
 */
export async function* batchInputs(
  groups: AsyncIterable<readonly RunInput[]>,
  threads = 1,
): AsyncGenerator<RunInput[]> {
  let batch: RunInput[] = [];
  let bytes = 0;
  let limit = Math.min(FIRST_BATCH_INPUTS, BATCH_INPUTS);
  let sent = 0;
  for await (const group of groups)
    for (const input of group) {
      batch.push(input);
      if ('bytes' in input) bytes += input.bytes.length;
      if (batch.length >= limit || bytes >= BATCH_BYTES) {
        yield batch;
        batch = [];
        bytes = 0;
        if (++sent % threads === 0) limit = Math.min(BATCH_INPUTS, limit * 2);
      }
    }
  if (batch.length > 0) yield batch;
}
