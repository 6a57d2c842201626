import { describe, expect, it } from 'vitest';
import { promClient } from '../metrics/service-metrics.js';
import { listenerMetrics } from './listener-metrics.js';

describe('listener metrics', () => {
  it('prefixes names, labels by listener, and lets two listeners share a metric name', async () => {
    const registry = new (promClient().Registry)();
    const a = listenerMetrics(registry, 'mllp').counter('acks_total', 'ACKs', ['code']);
    const b = listenerMetrics(registry, 'other').counter('acks_total', 'ACKs', ['code']);
    a.inc({ code: 'AA' });
    a.inc({ code: 'AA' });
    b.inc({ code: 'AE' }, 3);
    const text = await registry.metrics();
    expect(text).toContain('mapx_listener_acks_total{code="AA",listener="mllp"} 2');
    expect(text).toContain('mapx_listener_acks_total{code="AE",listener="other"} 3');
  });

  it('refuses a metric name outside [a-z0-9_], and does nothing without a registry', () => {
    const registry = new (promClient().Registry)();
    expect(() => listenerMetrics(registry, 'x').counter('Bad-Name', 'h')).toThrow(/must match/);
    expect(() => listenerMetrics(undefined, 'x').counter('Bad-Name', 'h').inc()).not.toThrow();
  });
});
