import type * as PromClientModule from 'prom-client';
import type { Gauge, Registry } from 'prom-client';

/**
 * prom-client's default metrics name three gauges with a `_total` suffix, which Prometheus reserves for counters
 * (`promtool check metrics` refuses them). Each is served under a lint-clean name with the same value and help;
 * docs/deployment.md lists the renames.
 */
export const RENAMED_DEFAULT_METRICS: Readonly<Record<string, string>> = {
  nodejs_active_handles_total: 'nodejs_active_handles_all',
  nodejs_active_requests_total: 'nodejs_active_requests_all',
  nodejs_active_resources_total: 'nodejs_active_resources_all',
};

export function renameDefaultGauges(client: typeof PromClientModule, registry: Registry): void {
  for (const [from, to] of Object.entries(RENAMED_DEFAULT_METRICS)) {
    const original = registry.getSingleMetric(from) as Gauge | undefined;
    // absent on a Node version that lacks the underlying process API
    if (original === undefined) continue;
    registry.removeSingleMetric(from);
    new client.Gauge({
      name: to,
      help: `${(original as unknown as { help: string }).help} (prom-client's ${from})`,
      registers: [registry],
      async collect() {
        const { values } = await original.get();
        this.set(values[0]?.value ?? 0);
      },
    });
  }
}
