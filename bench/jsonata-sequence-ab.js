// The CPU cost of the engine's sequence bound (maxSequenceLength, D2015: JSONata's `sequence` option plus the
// engine's `createSequence`, runtime/sequence-bound.ts) on a path-heavy expression: the same expression compiled
// with and without it, both with an `__evaluate_entry` hook, measured alternately in one process (CPU time of
// 2,000 evaluations per side and round). Prints the per-round ratios (bounded / unbounded) and their median.
// Run `npm run build` (or `npx tsc -b shared/engine`) first.
import { createRequire } from 'node:module';
import { sequenceBoundEntry } from '../shared/engine/dist/runtime/sequence-bound.js';
import { evaluateEntry } from '../shared/engine/dist/runtime/guardrails.js';

const jsonata = createRequire(import.meta.url)('jsonata');
const input = { items: Array.from({ length: 200 }, (_, i) => ({ a: i, b: { c: [i, i + 1] } })) };
const src = '$sum(items.b.c) + $count(items[a > 50].b) + $count([items.a, items.a])';
const hook = Symbol.for('jsonata.__evaluate_entry');
const unbounded = jsonata(src, { timeout: 5000, stack: 1000 });
unbounded.assign(hook, evaluateEntry);
const bounded = jsonata(src, { timeout: 5000, stack: 1000, sequence: 10_000_000 });
bounded.assign(hook, sequenceBoundEntry(10_000_000));

async function cpuMs(expr) {
  const t = process.cpuUsage();
  for (let i = 0; i < 2000; i++) await expr.evaluate(input);
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

await cpuMs(unbounded);
await cpuMs(bounded);
const ratios = [];
for (let round = 0; round < 8; round++) {
  const first = round % 2 === 0 ? unbounded : bounded;
  const a = await cpuMs(first);
  const b = await cpuMs(first === unbounded ? bounded : unbounded);
  ratios.push(first === unbounded ? b / a : a / b);
}
ratios.sort((x, y) => x - y);
const median = (ratios[3] + ratios[4]) / 2;
console.log(
  JSON.stringify({
    bench: 'jsonata-sequence-ab',
    ratios: ratios.map((r) => Number(r.toFixed(3))),
    median: Number(median.toFixed(3)),
  }),
);
