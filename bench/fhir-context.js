// FHIR context benchmarks: cold start (empty cache), warm start, RSS after load, look-ups per second.
// Each start is measured in a fresh Node process; prints one JSON line per scenario. Needs `npx tsc -b shared/fhir`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const WARM_RUNS = 5;

async function child(cacheDir) {
  const t0 = performance.now();
  const { loadFhirContext } = await import('@mapx/fhir');
  const ctx = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir, registryUrl: 'n/a' });
  const readyMs = performance.now() - t0;
  const rssAfterLoad = process.memoryUsage().rss;
  const bp = ctx.getStructureDefinition('bp');
  const rssAfterBp = process.memoryUsage().rss;
  process.stdout.write(
    JSON.stringify({ readyMs, rssAfterLoad, rssAfterBp, bp: bp?.snapshot?.element.length }) + '\n',
  );
}

function runChild(cacheDir) {
  const r = spawnSync(process.execPath, [SELF, 'child', cacheDir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const mb = (b) => Math.round((b / 1048576) * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const emit = (o) => process.stdout.write(JSON.stringify({ bench: 'fhir-context', ...o }) + '\n');

async function main() {
  const cacheDir = mkdtempSync(join(tmpdir(), 'mapx-bench-fhir-'));
  try {
    const cold = runChild(cacheDir);
    emit({ scenario: 'cold-start-r4-core', ms: Math.round(cold.readyMs), rssMB: mb(cold.rssAfterLoad) });
    const warm = Array.from({ length: WARM_RUNS }, () => runChild(cacheDir));
    emit({
      scenario: 'warm-start-r4-core',
      runs: WARM_RUNS,
      medianMs: Math.round(median(warm.map((w) => w.readyMs))),
      maxMs: Math.round(Math.max(...warm.map((w) => w.readyMs))),
      targetMs: 1000,
    });
    emit({
      scenario: 'rss-after-load-r4-core',
      rssMB: mb(median(warm.map((w) => w.rssAfterLoad))),
      rssAfterBpMB: mb(median(warm.map((w) => w.rssAfterBp))),
      targetMB: 150,
    });
    await lookups(cacheDir);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

async function lookups(cacheDir) {
  const { loadFhirContext } = await import('@mapx/fhir');
  const ctx = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir, registryUrl: 'n/a' });
  const keys = [
    'Patient',
    'bp',
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'HumanName',
    'observation-bp',
    'Extension',
  ];
  for (const k of keys) ctx.getStructureDefinition(k);
  emit({
    scenario: 'definition-lookups',
    ...rate(() => keys.map((k) => ctx.getStructureDefinition(k)), keys.length),
  });
  const t = ctx.terminology;
  t.lookup('marital-status', 'M');
  emit({
    scenario: 'valueset-membership',
    ...rate(() => [t.lookup('marital-status', 'M'), t.lookup('administrative-gender', 'x')], 2),
  });
  const t0 = performance.now();
  const n = ctx.listStructureDefinitions().length;
  for (const s of ctx.listStructureDefinitions()) ctx.getStructureDefinition(s.url);
  emit({ scenario: 'read-all-structure-definitions', count: n, ms: Math.round(performance.now() - t0) });
}

function rate(fn, perCall) {
  let calls = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 1000) {
    for (let i = 0; i < 1000; i++) fn();
    calls += 1000;
  }
  const s = (performance.now() - t0) / 1000;
  return { opsPerSec: Math.round((calls * perCall) / s) };
}

if (process.argv[2] === 'child') {
  await child(process.argv[3]);
} else {
  await main();
}
