import type { Piscina } from 'piscina';
import type { BatchRequest, BatchResult, BatchTask, BatchTaskResult } from './batch-task.js';
import type { BatchWatchdog } from './batch-watchdog.js';
import type { VersionedView } from './eval-task.js';

/** Runs a batch on the pool (sent again with the view when the worker does not hold it yet). */
export async function runBatchOn(
  pool: Piscina<BatchTask, BatchTaskResult>,
  batch: BatchRequest,
  versioned: VersionedView,
  watchdog: BatchWatchdog,
): Promise<BatchResult> {
  const task: BatchTask = { ...batch, kind: 'batch', viewVersion: versioned.version, clock: watchdog.clock };
  const options = { signal: watchdog.signal };
  let result = await pool.run(task, options);
  if (result.stale) result = await pool.run({ ...task, view: versioned }, options);
  if (result.stale) throw new Error('the evaluation worker refused the view it was sent');
  return result;
}
