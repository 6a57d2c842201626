/**
 * GET /metrics in a cluster (MAPX_WORKERS > 1): the worker that serves the scrape asks the primary, which collects
 * every worker's registry over prom-client's own IPC messages and sums them. Carries `mapx` as the peer messages do.
 */
export interface MetricsRequest {
  readonly mapx: 'metrics-request';
  readonly ref: number;
}

export interface MetricsReply {
  readonly mapx: 'metrics-reply';
  readonly ref: number;
  readonly text?: string;
  readonly error?: string;
}

export function isMetricsRequest(m: unknown): m is MetricsRequest {
  return typeof m === 'object' && m !== null && (m as { mapx?: unknown }).mapx === 'metrics-request';
}

export function isMetricsReply(m: unknown): m is MetricsReply {
  return typeof m === 'object' && m !== null && (m as { mapx?: unknown }).mapx === 'metrics-reply';
}
