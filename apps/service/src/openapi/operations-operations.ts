import { J, type OperationSpec } from './operation.js';

/** Probes and metrics for running the service under an orchestrator (docs/deployment.md). */
export function operationsOperations(metrics: boolean): OperationSpec[] {
  const probes: OperationSpec[] = [
    {
      method: 'get',
      path: '/health/live',
      tag: 'Server',
      summary: 'Liveness: the process answers (stays 200 while draining; never needs authentication)',
      responses: { '200': ['Alive', J('Health')] },
    },
    {
      method: 'get',
      path: '/health/ready',
      tag: 'Server',
      summary: 'Readiness: 200 once warmed up, 503 while warming up or draining (never needs authentication)',
      responses: {
        '200': ['Ready (status UP or DEGRADED)', J('Health')],
        '503': ['Not ready (status WARMING_UP or DRAINING)', J('Health')],
      },
    },
  ];
  if (!metrics) return probes;
  return [
    ...probes,
    {
      method: 'get',
      path: '/metrics',
      tag: 'Server',
      summary: 'Prometheus metrics (text exposition format; with MAPX_WORKERS, summed over every worker)',
      responses: { '200': ['Metrics', { 'text/plain': '' }] },
    },
  ];
}
