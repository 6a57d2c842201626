import { readFileSync } from 'node:fs';

/** CPU time counters of the whole machine (Linux /proc/stat), to report how much a hypervisor stole. */
function sample() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** Starts a measurement; `end()` gives the share of CPU time stolen since (null where unknown). */
export function measureSteal() {
  const start = sample();
  return {
    end() {
      const now = sample();
      if (!start || !now || now.total === start.total) return null;
      return Number(((now.steal - start.steal) / (now.total - start.total)).toFixed(3));
    },
  };
}
