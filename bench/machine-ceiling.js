// What the machine itself scales to, as the ceiling for `bench/scaling.js`: the same work in 1 and in N copies side
// by side, as processes and as threads of one process, for two loops — arithmetic (no allocation) and a JSON
// round trip of the ADT Bundle the scaling bench produces (allocation-heavy, like a mapping). One JSON object: per
// loop and per form, iterations per second with 1 copy and with N, and their ratio. Threads of one process share
// V8's helper threads (garbage collection, compilers) and one heap's process-wide locks; processes share nothing
// but the cores, so the gap between the two forms is what one process costs a multi-threaded service.
// BENCH_CEILING_COPIES (default `1,<cores>`), BENCH_CEILING_SECONDS (3 per measurement).
import { fork } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { Worker } from 'node:worker_threads';

const CORES = availableParallelism();
const COPIES = (process.env.BENCH_CEILING_COPIES ?? `1,${CORES}`).split(',').map(Number);
const SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 3);
const LOOPS = ['arithmetic', 'json'];

if (process.env.MAPX_CEILING_LOOP) {
  // a copy: run one loop for the given time, report the iterations
  const iterations = runLoop(process.env.MAPX_CEILING_LOOP, SECONDS * 1000);
  if (process.send) process.send(iterations);
  else (await import('node:worker_threads')).parentPort.postMessage(iterations);
} else {
  const results = [];
  for (const loop of LOOPS)
    for (const form of ['processes', 'threads']) {
      const perCopies = {};
      for (const n of COPIES) perCopies[n] = Math.round((await copies(loop, form, n)) / SECONDS);
      const [one, many] = [perCopies[COPIES[0]], perCopies[COPIES.at(-1)]];
      results.push({ loop, form, iterationsPerSecond: perCopies, ratio: round(many / one) });
    }
  console.log(
    JSON.stringify({
      scenario: 'machine ceiling',
      machine: { cores: CORES, cpu: cpus()[0]?.model, node: process.version },
      seconds: SECONDS,
      results,
    }),
  );
}

/** Total iterations of `n` copies of `loop` run at once, each for SECONDS. */
async function copies(loop, form, n) {
  const env = { ...process.env, MAPX_CEILING_LOOP: loop };
  const one = () =>
    new Promise((resolve, reject) => {
      const child =
        form === 'processes'
          ? fork(import.meta.filename, [], { env })
          : new Worker(import.meta.filename, { env });
      child.once('message', resolve);
      child.once('error', reject);
    });
  const counts = await Promise.all(Array.from({ length: n }, one));
  return counts.reduce((a, b) => a + b, 0);
}

function runLoop(loop, ms) {
  const end = performance.now() + ms;
  let iterations = 0;
  let sink = 0;
  const bundle = loop === 'json' ? sampleBundle() : undefined;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) {
      if (bundle) sink += JSON.parse(JSON.stringify(bundle)).entry.length;
      else for (let k = 0; k < 1000; k++) sink = (sink * 31 + k) | 0;
    }
    iterations += 100;
  }
  return sink === 0.5 ? 0 : iterations;
}

/** A transaction Bundle of the ADT mapping's shape: six resources, ≈ 6 kB of JSON. */
function sampleBundle() {
  const resource = (type, i) => ({
    resourceType: type,
    id: `${type.toLowerCase()}-${i}`,
    meta: { profile: [`http://example.org/StructureDefinition/${type}`] },
    identifier: [{ system: 'http://example.org/mrn', value: `MRN${i}`, type: { coding: [{ code: 'MR' }] } }],
    text: { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${type} ${i}</div>` },
    extension: Array.from({ length: 6 }, (_, k) => ({
      url: `http://example.org/ext/${k}`,
      valueString: `v${k}`,
    })),
  });
  const types = ['MessageHeader', 'Patient', 'Encounter', 'Practitioner', 'Organization', 'Provenance'];
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: types.map((t, i) => ({
      fullUrl: `urn:uuid:0000000${i}`,
      resource: resource(t, i),
      request: { method: 'POST', url: t },
    })),
  };
}

function round(n) {
  return Math.round(n * 10) / 10;
}
