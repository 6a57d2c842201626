import type { Worker } from 'node:cluster';
import type { Registry } from 'prom-client';
import { promClient } from '../metrics/service-metrics.js';
import { isClusterWorker } from './worker-role.js';
import { isMetricsReply, isMetricsRequest, type MetricsReply } from './metrics-messages.js';

/** prom-client's primary waits 5 s for every worker; this worker waits a little longer for the primary. */
const REPLY_TIMEOUT_MS = 7_000;

const pending = new Map<number, (reply: MetricsReply) => void>();
let nextRef = 1;
let listening = false;

/**
 * In a cluster worker: makes `registry` the one prom-client hands the primary, and returns a function that asks
 * the primary for every worker's figures summed. Outside a cluster: the registry's own figures.
 */
export function metricsSource(registry: Registry): () => Promise<string> {
  if (!isClusterWorker()) return () => registry.metrics();
  const { AggregatorRegistry } = promClient();
  AggregatorRegistry.setRegistries([registry]);
  // constructing one installs prom-client's listener that answers the primary's collection requests
  new AggregatorRegistry();
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (!isMetricsReply(message)) return;
      pending.get(message.ref)?.(message);
      pending.delete(message.ref);
    });
  }
  return askPrimary;
}

function askPrimary(): Promise<string> {
  const ref = nextRef++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(ref);
      reject(new Error('the cluster primary did not answer the metrics request'));
    }, REPLY_TIMEOUT_MS);
    pending.set(ref, (reply) => {
      clearTimeout(timer);
      if (reply.text !== undefined) resolve(reply.text);
      else reject(new Error(reply.error ?? 'metrics aggregation failed'));
    });
    process.send?.({ mapx: 'metrics-request', ref });
  });
}

/** In the primary: answers a worker's metrics request with the sum over all workers. */
export function answerMetricsRequests(): (worker: Worker, message: unknown) => boolean {
  let aggregator: InstanceType<ReturnType<typeof promClient>['AggregatorRegistry']> | undefined;
  return (worker, message) => {
    if (!isMetricsRequest(message)) return false;
    aggregator ??= new (promClient().AggregatorRegistry)();
    aggregator.clusterMetrics().then(
      (text) => reply(worker, { mapx: 'metrics-reply', ref: message.ref, text }),
      (err: unknown) =>
        reply(worker, {
          mapx: 'metrics-reply',
          ref: message.ref,
          error: err instanceof Error ? err.message : String(err),
        }),
    );
    return true;
  };
}

function reply(worker: Worker, message: MetricsReply): void {
  if (worker.isConnected()) worker.send(message);
}
