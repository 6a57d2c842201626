import cluster from 'node:cluster';

/** Whether this process is a worker of a mapx cluster (MAPX_WORKERS > 1), forked by the primary. */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}
