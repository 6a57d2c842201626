import type { ListenerCounter, ListenerHistogram, ListenerMetrics } from '@mapx/plugin-api';
import type { Counter, Histogram, Registry } from 'prom-client';
import { promClient } from '../metrics/service-metrics.js';

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const NO_COUNTER: ListenerCounter = { inc: () => undefined };
const NO_HISTOGRAM: ListenerHistogram = { observe: () => undefined };

/** One instrument per name and registry: two listeners naming the same metric share it (their label differs). */
const instruments = new WeakMap<Registry, Map<string, Counter<string> | Histogram<string>>>();

/**
 * A listener's instruments in the service registry: `mapx_listener_<name>`, labelled with the listener's id.
 * Without a registry (MAPX_METRICS=off) they do nothing.
 */
export function listenerMetrics(registry: Registry | undefined, listenerId: string): ListenerMetrics {
  if (!registry) return { counter: () => NO_COUNTER, histogram: () => NO_HISTOGRAM };
  const client = promClient();
  const registers = [registry];
  const known = instruments.get(registry) ?? new Map<string, Counter<string> | Histogram<string>>();
  instruments.set(registry, known);
  const once = <T extends Counter<string> | Histogram<string>>(
    name: string,
    make: (full: string) => T,
  ): T => {
    if (!NAME.test(name)) throw new Error(`listener ${listenerId}: metric name "${name}" must match ${NAME}`);
    const full = `mapx_listener_${name}`;
    const existing = known.get(full) as T | undefined;
    if (existing) return existing;
    const made = make(full);
    known.set(full, made);
    return made;
  };
  const withId = (labels?: Readonly<Record<string, string>>) => ({ ...labels, listener: listenerId });
  return {
    counter(name, help, labelNames = []) {
      const labels = ['listener', ...labelNames];
      const c = once(name, (full) => new client.Counter({ name: full, help, labelNames: labels, registers }));
      return { inc: (l, value = 1) => c.inc(withId(l), value) };
    },
    histogram(name, help, buckets, labelNames = []) {
      const labels = ['listener', ...labelNames];
      const h = once(
        name,
        (full) =>
          new client.Histogram({ name: full, help, buckets: [...buckets], labelNames: labels, registers }),
      );
      return { observe: (l, value) => h.observe(withId(l), value) };
    },
  };
}
