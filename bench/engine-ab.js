// Engine A/B: this tree's engine against another built checkout (BENCH_BASE_DIR, e.g. a clean
// clone of an earlier commit after `npm ci && npm run build`), on the FLASH `bp` Observation (literal and input
// values) and the HL7 ADT^A01 → transaction Bundle mapping. Each measurement is a fresh process (two engines in
// one process bias each other through the shared heap and GC); rounds alternate the two trees (and which goes
// first) and time CPU, not wall clock: BENCH_AB_ROUNDS (default 20) pairs of processes, each evaluating for
// BENCH_AB_MS (default 1000) after a warm-up as long. Reports each tree's median and the median (and quartiles) of
// the per-pair ratios, and whether both trees built the same output. BENCH_THIS_DIR replaces this tree: on a
// loaded machine, an A/A run (a copy of the base as "this") shows how much of a ratio is noise.
// BENCH_AB_EXPLAIN=1: both trees run evaluateVerbose, and this tree compiles the explain variant (the cost of
// explain=true: traced input reads, the explain section built).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import hl7v2 from '@mapx/normalizer-hl7v2';
import { parseMediaType } from '@mapx/plugin-api';

const baseDir = process.env.BENCH_BASE_DIR;
if (!baseDir) {
  console.log(JSON.stringify({ bench: 'engine-ab', skipped: 'set BENCH_BASE_DIR to a built checkout' }));
  process.exit(0);
}
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 20);
const ms = Number(process.env.BENCH_AB_MS ?? 1000);
const here = resolve(process.env.BENCH_THIS_DIR ?? resolve(import.meta.dirname, '..'));
const explainThis = process.env.BENCH_AB_EXPLAIN === '1';

async function engineOf(root) {
  const load = (p) => import(pathToFileURL(join(root, p)).href);
  const { loadFhirContext } = await load('shared/fhir/dist/index.js');
  const { createEngine } = await load('shared/engine/dist/index.js');
  const fhir = await loadFhirContext({
    fhirVersion: '4.0.1',
    packages: [],
    cacheDir: process.env.MAPX_BENCH_FHIR_CACHE ?? join(tmpdir(), 'mapx-bench-fhir'),
    registryUrl: 'n/a',
  });
  return createEngine({ fhir: () => fhir, cacheMaxEntries: 10_000 });
}

const fixtures = join(import.meta.dirname, 'fixtures');
const quiet = { logger: { debug() {}, info() {}, warn() {}, error() {} }, env: {}, fhir: () => undefined };
const normalizer = await hl7v2.create({ preloadVersions: ['2.5.1'] }, quiet);
const adt = await normalizer.normalize({
  body: readFileSync(join(fixtures, 'adt-a01.hl7'), 'utf8'),
  mediaType: parseMediaType('x-application/hl7-v2+er7'),
});
if (!adt.ok) throw new Error('the ADT^A01 fixture did not normalise');

const BP = (sys, dia) => `InstanceOf: bp
* status = 'final'
* subject.reference = 'Patient/123'
* effectiveDateTime = '2023-10-01T00:00:00Z'
* component[SystolicBP].value = ${sys}
* component[DiastolicBP].value = ${dia}`;
const scenarios = [
  { name: 'flash-bp', source: BP('120', '80'), input: null },
  { name: 'flash-bp-input-values', source: BP('sys', 'dia'), input: { sys: 120, dia: 80 } },
  {
    name: 'flash-adt-a01-bundle',
    source: readFileSync(join(fixtures, 'adt-to-bundle.mapx'), 'utf8'),
    input: adt.value,
  },
];

const [, , mode, childRoot, childScenario] = process.argv;
if (mode === '--child') await child(childRoot, childScenario);
else parent();

/** One process, one engine, one scenario: CPU µs per evaluation after a warm-up, and a hash of the output. */
async function child(root, name) {
  const s = scenarios.find((x) => x.name === name);
  const explain = explainThis && resolve(root) === here;
  const compiled = await (await engineOf(root)).compile(s.source, explain ? { explain } : undefined);
  const evaluate = explainThis
    ? async (input) => (await compiled.evaluateVerbose(input)).result
    : (input) => compiled.evaluate(input);
  const warm = performance.now();
  while (performance.now() - warm < ms) await evaluate(s.input);
  let n = 0;
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  while (performance.now() - w0 < ms) {
    for (let i = 0; i < 50; i++) await evaluate(s.input);
    n += 50;
  }
  const t = process.cpuUsage(t0);
  const out = JSON.stringify(await evaluate(s.input));
  console.log(
    JSON.stringify({ us: (t.user + t.system) / n, out: createHash('sha256').update(out).digest('hex') }),
  );
}

function parent() {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const roots = { base: resolve(baseDir), this: here };
  const run = (root, name) => {
    const r = spawnSync(process.execPath, [import.meta.filename, '--child', root, name], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  for (const s of scenarios) {
    const times = { base: [], this: [] };
    const hashes = { base: new Set(), this: new Set() };
    for (let r = 0; r < rounds; r++) {
      for (const k of r % 2 ? ['this', 'base'] : ['base', 'this']) {
        const { us, out } = run(roots[k], s.name);
        times[k].push(us);
        hashes[k].add(out);
      }
    }
    const med = { base: median(times.base), this: median(times.this) };
    for (const k of ['base', 'this']) {
      const line = {
        bench: 'engine-ab',
        scenario: s.name,
        engine: k,
        ...(explainThis && k === 'this' ? { explain: true } : {}),
        cpuUsPerEval: +med[k].toFixed(1),
      };
      console.log(JSON.stringify(line));
    }
    // each round's two processes ran back to back: their ratio cancels the load drifting between rounds
    const ratios = times.this.map((t, i) => t / times.base[i]).sort((a, b) => a - b);
    const q = (f) => +ratios[Math.floor((ratios.length - 1) * f)].toFixed(3);
    const same = hashes.base.size === 1 && [...hashes.base][0] === [...hashes.this][0];
    const line = {
      bench: 'engine-ab',
      scenario: s.name,
      ratioThisToBase: q(0.5),
      ratioQ1: q(0.25),
      ratioQ3: q(0.75),
    };
    console.log(JSON.stringify({ ...line, sameOutput: same }));
  }
}
