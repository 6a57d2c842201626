import type { PiscinaTask } from 'piscina';

type Worker = {
  readonly currentUsage: number;
  readonly isRunningAbortableTask: boolean;
};

/** Batches in flight per thread: the one it runs and one waiting there. */
export const BATCHES_PER_THREAD = 2;

/**
 * What a batch task of several inputs carries under piscina's queue-options symbol (registered, so piscina need not
 * be loaded to name it): the balancer reads it on main; structured cloning leaves symbol keys behind.
 */
export const QUEUE_OPTIONS: unique symbol = Symbol.for('Piscina.queueOptions');
export const BATCH_QUEUE_OPTIONS = Object.freeze({ batch: true });

/**
 * Where the pool hands a task. An evaluation goes to an idle thread only, as piscina's own balancer places any task
 * that can be aborted. A batch of several inputs (`mapx run`) may also go to a thread that runs one task: it waits
 * in that thread's own queue, and the thread starts it the moment the one before ends, rather than once main has
 * read that one's answer and handed over the next (with many threads main's turn comes late, and each thread would
 * idle for it). Its inputs' time limits start as each input starts (the batch's shared clock); a thread ended for
 * another task's overrun or memory fails it too, and its inputs are mapped again one by one. A batch of one input
 * never waits behind another: it is such a retry, or the run's last, and a failure would be its own.
 */
export function evalBalancer<W extends Worker>(task: PiscinaTask, workers: readonly W[]): W | null {
  let busy: W | null = null;
  for (const worker of workers) {
    if (worker.currentUsage === 0) return worker;
    if (busy === null && worker.isRunningAbortableTask) busy = worker;
  }
  return busy !== null && isBatch(task) ? busy : null;
}

function isBatch(task: PiscinaTask): boolean {
  return (task as unknown as Record<symbol, unknown>)[QUEUE_OPTIONS] === BATCH_QUEUE_OPTIONS;
}
