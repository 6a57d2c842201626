/**
 * MAPX_WORKERS=auto: how many service processes this machine runs. Each process has its main thread (HTTP, and
 * expressions proven bounded) and, with isolation on, its evaluation threads (MAPX_EVAL_THREADS): processes ×
 * evaluation threads stay within the cores (`os.availableParallelism()`), so busy threads do not queue for a core
 * and each runs at the speed of one core (docs/performance.md, "How to size a deployment"). Without the pool,
 * one process per core.
 */
export function autoWorkers(cores: number, isolation: 'worker' | 'off', evalThreads: number): number {
  if (isolation === 'off') return Math.max(1, cores);
  return Math.max(1, Math.floor(cores / evalThreads));
}
