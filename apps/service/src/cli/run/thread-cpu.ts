import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadCpu {
  /** The main thread: reading, hand-over to the workers, ordered writing. */
  readonly main: number;
  /** The `workers` busiest other threads: the evaluation workers. */
  readonly workers: number;
  /** Every other thread (V8's garbage-collection helpers, libuv's pool). */
  readonly other: number;
}

/** CPU ticks of every thread of this process by thread id, at one moment. */
export type ThreadTicks = ReadonlyMap<number, number>;

const TICKS_PER_SECOND = 100;

/** Every thread's CPU ticks now (Linux, from /proc; undefined elsewhere). */
export function threadTicks(): ThreadTicks | undefined {
  try {
    return new Map(readdirSync('/proc/self/task').map((tid) => [Number(tid), ticks(tid)] as const));
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of this process by thread at `now`, since it started or since `since` (both from `threadTicks`).
 * Threads have no names Node sets, so the evaluation workers are taken to be the busiest threads after the main one:
 * true of any run long enough to measure. On a shared machine this tells what the wall-clock rates cannot: how much
 * of a core each part used.
 */
export function threadCpu(workers: number, now: ThreadTicks, since?: ThreadTicks): ThreadCpu {
  const used = [...now].map(([tid, t]) => [tid, t - (since?.get(tid) ?? 0)] as const);
  const main = used.find(([tid]) => tid === process.pid)?.[1] ?? 0;
  const rest = used.filter(([tid]) => tid !== process.pid).map(([, t]) => t);
  rest.sort((a, b) => b - a);
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0) / TICKS_PER_SECOND;
  return {
    main: main / TICKS_PER_SECOND,
    workers: sum(rest.slice(0, workers)),
    other: sum(rest.slice(workers)),
  };
}

/** utime + stime (fields 14 and 15) of one thread; the command name (field 2) may hold spaces. */
function ticks(tid: string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
