import type { MapxServices } from '../../services.js';
import type { BufferPool } from '../../isolation/batch-buffers.js';
import type { BatchFailure, BatchRequest, BatchResult, BatchShape } from '../../isolation/batch-task.js';
import { taskFailure, type TaskFailure } from '../../eval/failures.js';
import { mergeSingles } from './merge-results.js';
import { createMapper, failureIssue, type Outcome } from './map-input.js';
import { runIssue, type RunIssue } from './run-codes.js';
import type { RunInput } from './run-input.js';
import type { RunTarget } from './run-target.js';

type Issue = RunIssue & { readonly status?: number };
type ReadRecord = Extract<RunInput, { bytes: Uint8Array }>;

/** A batch's outcome: what failed or warned, by input, and the output text (already serialised by the worker). */
export interface BatchOutcome {
  readonly inputs: readonly RunInput[];
  readonly issues: ReadonlyMap<number, Issue>;
  readonly warnings: ReadonlyMap<number, readonly RunIssue[]>;
  readonly texts: BatchResult['texts'];
  /** Set when there is no evaluation pool: each input was mapped on its own (`texts` is then empty). */
  readonly singles?: readonly Outcome[];
}

/** Buffers lent to each batch for its output: one per resource type of a typical mapping's Bundle, and more. */
export const SPARES_PER_BATCH = 8;

/**
 * Maps a batch of inputs in one worker task; where the batch cannot finish (an input overran a limit, a worker
 * died), maps its inputs again one by one so that only the culprit fails. Never rejects.
 */
export function createBatchMapper(
  services: MapxServices,
  source: string,
  target: RunTarget,
  buffers: BufferPool,
) {
  const single = createMapper(services, source, target);
  const pool = services.evalPool;
  const run = async (records: readonly ReadRecord[]): Promise<BatchResult> => {
    if (!pool) throw new Error('mapx run needs the evaluation worker pool');
    const request = batchRequest(source, records, target.shape, buffers);
    const result = await pool.runBatch(request, services.mappings.current());
    if (!('failed' in result)) {
      buffers.received(result);
      return result;
    }
    if (records.length === 1) return failedAlone(result.failed);
    return mergeSingles(await Promise.all(records.map((record) => run([record]))));
  };
  return async (inputs: RunInput[]): Promise<BatchOutcome> => {
    if (!pool) {
      const singles = await Promise.all(inputs.map(single));
      return { inputs, issues: new Map(), warnings: new Map(), texts: [], singles };
    }
    const positions: number[] = [];
    const records: ReadRecord[] = [];
    const issues = new Map<number, Issue>();
    inputs.forEach((input, i) => {
      if ('issue' in input) issues.set(i, input.issue);
      else {
        positions.push(i);
        records.push(input);
      }
    });
    const result = records.length > 0 ? await run(records) : undefined;
    const warnings = new Map<number, RunIssue[]>();
    for (const f of result?.failures ?? []) issues.set(positions[f.index] as number, batchIssue(f));
    for (const w of result?.warnings ?? [])
      warnings.set(
        positions[w.index] as number,
        w.values.map(({ code, message }) => ({ code, message })),
      );
    if (result?.items && target.deliver) await deliverItems(target, result.items, positions, issues);
    return { inputs, issues, warnings, texts: result?.texts ?? [] };
  };
}

/** The batch's inputs end to end, in a buffer of the pool that moves to the thread, with spares for its output. */
function batchRequest(
  source: string,
  records: readonly ReadRecord[],
  shape: BatchShape,
  buffers: BufferPool,
): BatchRequest {
  const ends: number[] = [];
  let end = 0;
  for (const record of records) ends.push((end += record.bytes.length));
  const types = records.map((r) => r.contentType);
  const contentTypes = types.every((t) => t === types[0]) ? [types[0] as string] : types;
  const bytes = new Uint8Array(buffers.take(end), 0, end);
  records.forEach((r, i) => bytes.set(r.bytes, (ends[i] as number) - r.bytes.length));
  const spares = shape === 'items' ? [] : buffers.spares(SPARES_PER_BATCH);
  return { source, bytes, ends, contentTypes, shape, exclusive: true, spares };
}

/** The one input of a batch that could not finish, failed with the code its own task would have got. */
function failedAlone(failure: TaskFailure): BatchResult {
  return { failures: [{ index: 0, failure: taskFailure(failure) }], warnings: [], texts: [] };
}

/** A failed input of a batch in `mapx run`'s terms: the evaluation's code, or one of the run's own. */
function batchIssue(f: BatchFailure): Issue {
  if ('failure' in f) return failureIssue(f.failure);
  if ('threw' in f) return runIssue('RUN_EVALUATION_THREW', f.threw);
  return runIssue('RUN_RESULT_NOT_JSON');
}

/** A server target: each converted input's result is sent (concurrently, bounded by the target). */
async function deliverItems(
  target: RunTarget,
  items: ReadonlyArray<string | undefined>,
  positions: readonly number[],
  issues: Map<number, Issue>,
): Promise<void> {
  const deliver = target.deliver as (json: string) => Promise<void>;
  await Promise.all(
    items.map(async (json, index) => {
      if (json === undefined) return;
      try {
        await deliver(json);
      } catch (err) {
        issues.set(positions[index] as number, runIssue('RUN_POST_FAILED', (err as Error).message));
      }
    }),
  );
}
