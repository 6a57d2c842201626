// Guardrail benchmark: while a runaway expression loops until its time limit, cheap evaluations started
// alongside it must keep completing quickly (the evaluator yields to the event loop). One JSON line per scenario.
// Needs `npx tsc -b shared/engine`.
import { createEngine } from '@mapx/engine';

const engine = createEngine({ fhir: () => undefined, limits: { timeoutMs: 2000, maxDepth: 1000 } });
const cheap = await engine.compile('$sum([1, 2, 3]) * 2');
const loop = await engine.compile('($f := function($n){ $f($n + 1) }; $f(0))');

async function cheapLatencies(durationMs) {
  const lat = [];
  const t0 = performance.now();
  while (performance.now() - t0 < durationMs) {
    const s = performance.now();
    await cheap.evaluate(null);
    lat.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 5));
  }
  lat.sort((a, b) => a - b);
  const q = (p) => +lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(2);
  return { samples: lat.length, p50Ms: q(0.5), p99Ms: q(0.99), maxMs: q(1) };
}

const baseline = await cheapLatencies(1000);
console.log(JSON.stringify({ bench: 'engine-guardrails', scenario: 'cheap-alone', ...baseline }));
const t0 = performance.now();
const runaway = loop.evaluate(null).then(
  () => 'no error',
  (e) => e.code,
);
const during = await cheapLatencies(1500);
const code = await runaway;
console.log(
  JSON.stringify({
    bench: 'engine-guardrails',
    scenario: 'cheap-during-runaway-loop',
    ...during,
    runawayCode: code,
    runawayEndedAfterMs: Math.round(performance.now() - t0),
    timeoutMs: 2000,
  }),
);
