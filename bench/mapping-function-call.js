// What one call of a saved mapping as a function (`$id()`, mapping-language §6.10) costs the engine, beside the
// same work as an inline lambda: CPU µs per call (process.cpuUsage, this single-threaded process), for 1,000 calls
// of a trivial mapping, 1,000 calls of an inline lambda, and a mapping that calls itself 100 deep (each call one
// frame deeper: lookups walk the frames). BENCH_CALL_RUNS (default 50) evaluations each, after as many warm-up.
import { createEngine } from '../shared/engine/dist/index.js';

const RUNS = Number(process.env.BENCH_CALL_RUNS ?? 50);
const engine = createEngine({ fhir: () => undefined });
const saved = new Map([
  ['id', '$'],
  ['deep', '$ <= 0 ? 0 : $deep($ - 1)'],
]);
const mappings = { keys: () => saved.keys(), get: (k) => saved.get(k) };
const scenarios = [
  { name: 'saved mapping $id, 1000 calls', source: '$count([1..1000].$id($))', calls: 1000 },
  {
    name: 'inline lambda, 1000 calls',
    source: '($f := function($v){ $v }; $count([1..1000].$f($)))',
    calls: 1000,
  },
  { name: 'saved mapping calling itself 100 deep', source: '$deep(100)', calls: 101 },
];
for (const s of scenarios) {
  const compiled = await engine.compile(s.source);
  const once = async () => {
    const report = await compiled.evaluateVerbose(null, undefined, { mappings });
    if (!report.ok) throw new Error(`${s.name}: ${JSON.stringify(report.diagnostics.error[0])}`);
  };
  for (let i = 0; i < RUNS; i++) await once();
  const t0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await once();
  const d = process.cpuUsage(t0);
  const us = (d.user + d.system) / RUNS / s.calls;
  console.log(
    JSON.stringify({
      bench: 'mapping-function-call',
      scenario: s.name,
      cpu_us_per_call: Number(us.toFixed(1)),
    }),
  );
}
