import type { ListenerCounter, ListenerHistogram, ListenerMetrics } from '@mapx/plugin-api';
import type { Registry } from 'prom-client';
import { promClient } from '../metrics/service-metrics.js';

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const NO_COUNTER: ListenerCounter = { inc: () => undefined };
const NO_HISTOGRAM: ListenerHistogram = { observe: () => undefined };

/**
 * A listener's instruments in the service registry: `mapx_listener_<name>`, labelled with the listener's id.
 * Without a registry (MAPX_METRICS=off) they do nothing.
 */
export function listenerMetrics(registry: Registry | undefined, listenerId: string): ListenerMetrics {
  if (!registry) return { counter: () => NO_COUNTER, histogram: () => NO_HISTOGRAM };
  const client = promClient();
  const registers = [registry];
  const full = (name: string) => {
    if (!NAME.test(name)) throw new Error(`listener ${listenerId}: metric name "${name}" must match ${NAME}`);
    return `mapx_listener_${name}`;
  };
  const withId = (labels?: Readonly<Record<string, string>>) => ({ ...labels, listener: listenerId });
  return {
    counter(name, help, labelNames = []) {
      const c = new client.Counter({
        name: full(name),
        help,
        labelNames: ['listener', ...labelNames],
        registers,
      });
      return { inc: (labels, value = 1) => c.inc(withId(labels), value) };
    },
    histogram(name, help, buckets, labelNames = []) {
      const h = new client.Histogram({
        name: full(name),
        help,
        buckets: [...buckets],
        labelNames: ['listener', ...labelNames],
        registers,
      });
      return { observe: (labels, value) => h.observe(withId(labels), value) };
    },
  };
}
