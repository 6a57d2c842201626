import { setFlagsFromString } from 'node:v8';

let applied: boolean | undefined;

/**
 * Where V8 optimises the hot code of the evaluation threads started from now on: on each thread itself
 * (`inThread`), or on the background threads that every isolate of the process shares (`--v8-pool-size`, 4 by
 * default, which also run every isolate's garbage-collection tasks). V8 decides it for each isolate as it creates
 * it, from a process-wide flag; the main thread, created before, keeps compiling in the background. On the ADT
 * mapping the shared threads spent more CPU on an evaluation thread's compile jobs than the thread spends compiling
 * them itself, and with more isolates than shared threads the jobs waited there (docs/performance.md, "The cores").
 * `false` leaves the flag as node was started with it.
 */
export function setThreadCompileMode(inThread: boolean): void {
  if (applied === inThread || (applied === undefined && !inThread)) return;
  setFlagsFromString(inThread ? '--no-concurrent-recompilation' : '--concurrent-recompilation');
  applied = inThread;
}
