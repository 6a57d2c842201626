// Super-linear probes (docs/security.md, "Built-ins and operators were audited"): how `$distinct` and a group-by
// object constructor grow with their input, evaluated in process on one thread. One JSON line per size, with the
// CPU milliseconds of the evaluation (process CPU, steadier than wall time on a shared machine) and the wall time.
// Needs `npx tsc -b shared/engine`. BENCH_PROBE_SIZES overrides the sizes (comma-separated).
import { cpuUsage } from 'node:process';
import { createEngine } from '@mapx/engine';

const engine = createEngine({ fhir: () => undefined, limits: { timeoutMs: 120_000, maxDepth: 1000 } });
const distinct = await engine.compile('$count($distinct(items))');
const groupBy = await engine.compile('items{"k": $}');

async function measure(expression, input) {
  const cpu0 = cpuUsage();
  const t0 = performance.now();
  const result = await expression.evaluate(input);
  const cpu = cpuUsage(cpu0);
  return {
    result,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    wallMs: Math.round(performance.now() - t0),
  };
}

const sizes = (env, fallback) => (process.env[env] ?? fallback).split(',').map(Number);

for (const n of sizes('BENCH_PROBE_SIZES', '50000,100000,200000')) {
  // every object distinct: what made JSONata's pairwise $distinct quadratic
  const items = Array.from({ length: n }, (_, i) => ({ id: i, name: `n${i % 1000}`, tags: [i % 7, i % 11] }));
  const { result, ...time } = await measure(distinct, { items });
  console.log(
    JSON.stringify({ bench: 'super-linear-probes', probe: '$distinct', distinctObjects: n, result, ...time }),
  );
}
for (const n of sizes('BENCH_PROBE_GROUP_SIZES', '5000,10000,20000')) {
  // every item under one key: JSONata's group-by appends by copying that key's array
  const items = Array.from({ length: n }, (_, i) => ({ v: i }));
  const { result, ...time } = await measure(groupBy, { items });
  console.log(
    JSON.stringify({
      bench: 'super-linear-probes',
      probe: 'group-by, one key',
      items: n,
      grouped: result.k.length,
      ...time,
    }),
  );
}
