import type { Piscina } from 'piscina';
import {
  lentBuffers,
  type BatchRequest,
  type BatchResult,
  type BatchTask,
  type BatchTaskResult,
} from './batch-task.js';
import type { BatchWatchdog } from './batch-watchdog.js';
import { BATCH_QUEUE_OPTIONS, QUEUE_OPTIONS } from './eval-balancer.js';
import type { VersionedView } from './eval-task.js';

/** Runs a batch on the pool (sent again with the view when the worker does not hold it yet). */
export async function runBatchOn(
  pool: Piscina<BatchTask, BatchTaskResult>,
  batch: BatchRequest,
  versioned: VersionedView,
  watchdog: BatchWatchdog,
): Promise<BatchResult> {
  const task: BatchTask & { readonly [QUEUE_OPTIONS]?: object } = {
    ...batch,
    kind: 'batch',
    viewVersion: versioned.version,
    clock: watchdog.clock,
    ...(batch.ends.length > 1 ? { [QUEUE_OPTIONS]: BATCH_QUEUE_OPTIONS } : {}),
  };
  const signal = watchdog.signal;
  let result = await pool.run(task, { signal, transferList: lentBuffers(task) });
  if (result.stale) {
    // an exclusive task's buffers moved with it, and the refusal brought them back
    const again = { ...task, ...returned(task, result.buffers), view: versioned };
    result = await pool.run(again, { signal, transferList: lentBuffers(again) });
  }
  if (result.stale) throw new Error('the evaluation worker refused the view it was sent');
  return result;
}

/** The task's input and spares again, in the buffers a refusal handed back (in `lentBuffers`' order). */
function returned(task: BatchTask, buffers: readonly ArrayBuffer[] | undefined): Partial<BatchTask> {
  if (!task.exclusive) return {};
  const [input, ...spares] = buffers ?? [];
  if (!input) throw new Error('the evaluation worker refused the view and kept the batch');
  return { bytes: new Uint8Array(input, 0, task.ends.at(-1) ?? 0), spares };
}
