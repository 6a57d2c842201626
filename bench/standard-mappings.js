// The standard HL7 v2 → FHIR mappings beside the hand-written ADT mapping of the benchmarks, through the
// service's pipeline without HTTP (normalise, then evaluate on this thread, as POST /Mapping/{id} does):
//   hand-written  bench/fixtures/adt-to-bundle.mapx on bench/fixtures/adt-a01.hl7 (6-resource Bundle)
//   standard ADT  v2ToFhir on the same message (dispatch on MSH-9, then v2ToFhirAdtA01 and its segment maps)
//   standard ADT direct  v2ToFhirAdtA01 on it: the same without the dispatch
//   standard ORU  v2ToFhir on bench/fixtures/oru-r01.hl7 (a 5-result panel)
// On a shared machine wall time says little: every scenario runs in turn, BENCH_STANDARD_ROUNDS (default 7)
// rounds of BENCH_STANDARD_MS (default 1500) of CPU time each after a warm-up, the order rotated each round, and
// the figure is CPU µs per message (process.cpuUsage of this single-threaded process), so messages/s per core =
// 1e6 / µs. Each round's ratio to the hand-written one in the same round gives the cost; medians are reported.
// BENCH_STANDARD_PROFILE=<file.cpuprofile>: a V8 CPU profile of the standard ADT scenario (open it in Chrome
// DevTools: the dispatch in v2ToFhir and each $v2Segment…/$v2Datatype… call are their own frames).
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '../apps/service/dist/config/load-config.js';
import { createLogger } from '../apps/service/dist/logger.js';
import { createRuntime } from '../apps/service/dist/runtime.js';
import { buildApp } from '../apps/service/dist/app.js';
import { runEvaluation } from '../apps/service/dist/evaluation/run-evaluation.js';
import { measureSteal } from './lib/cpu-steal.js';

const ROUNDS = Number(process.env.BENCH_STANDARD_ROUNDS ?? 7);
const SLICE_MS = Number(process.env.BENCH_STANDARD_MS ?? 1500);
const PROFILE = process.env.BENCH_STANDARD_PROFILE;
const HL7 = 'x-application/hl7-v2+er7';
const fixtures = join(import.meta.dirname, 'fixtures');
const ADT = readFileSync(join(fixtures, 'adt-a01.hl7'), 'utf8');
const ORU = readFileSync(join(fixtures, 'oru-r01.hl7'), 'utf8');

const steal = measureSteal();
const folder = mkdtempSync(join(tmpdir(), 'mapx-bench-standard-'));
// the mappings' warnings (a date without a time zone, an untranslated code) are not logged: the figure is the
// conversion, and this output stays one JSON line per scenario
const config = loadConfig({
  LOG_LEVEL: 'error',
  MAPX_EVAL_ISOLATION: 'off',
  MAPX_STANDARD_MAPPINGS: 'on',
  MAPPINGS_FOLDER: folder,
  MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
  FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'),
});
if (!config.ok) throw new Error(config.message);
const logger = createLogger('error');
const app = await buildApp(config.config, await createRuntime(config.config, logger), { logger });
await app.ready();
await app.mapx.warmup.start();
const services = app.mapx;
const view = services.mappings.current();
const mapping = (id) => {
  const text = view.mappings.get(id);
  if (text === undefined) throw new Error(`no mapping ${id}: are the standard mappings built in?`);
  return text;
};

const scenarios = [
  {
    name: 'hand-written ADT^A01 (adt-to-bundle.mapx)',
    source: readFileSync(join(fixtures, 'adt-to-bundle.mapx'), 'utf8'),
    text: ADT,
  },
  { name: 'standard ADT^A01 (v2ToFhir)', source: mapping('v2ToFhir'), text: ADT },
  { name: 'standard ADT^A01 (v2ToFhirAdtA01, no dispatch)', source: mapping('v2ToFhirAdtA01'), text: ADT },
  { name: 'standard ORU^R01 (v2ToFhir)', source: mapping('v2ToFhir'), text: ORU },
];

/** One message as POST /Mapping/{id} handles it: normalise, evaluate, check the status; the entries made. */
async function once(s) {
  const input = await services.dispatcher.normalize(HL7, s.text, true);
  if (!input.ok) throw new Error(`${s.name}: ${JSON.stringify(input)}`);
  const r = await runEvaluation(services, {
    source: s.source,
    input: input.value,
    verbose: false,
    lowerCollect: false,
  });
  if (!r.ok) throw new Error(`${s.name}: ${r.code} ${r.message.slice(0, 500)}`);
  const body = r.result && 'value' in r.result ? r.result.value : undefined;
  return Array.isArray(body?.entry) ? body.entry.length : 0;
}

/** CPU µs per message over one slice of CPU time. */
async function slice(s) {
  let n = 0;
  const t0 = process.cpuUsage();
  let used = 0;
  while (used < SLICE_MS * 1000) {
    await once(s);
    n++;
    const d = process.cpuUsage(t0);
    used = d.user + d.system;
  }
  return used / n;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const entries = [];
for (const s of scenarios) {
  entries.push(await once(s));
  // warm-up: the JIT needs the same work for a while before figures settle
  await slice(s);
}
const perRound = scenarios.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < scenarios.length; k++) {
    const i = (k + round) % scenarios.length;
    perRound[i][round] = await slice(scenarios[i]);
  }
}
for (const [i, s] of scenarios.entries()) {
  const us = median(perRound[i]);
  const ratio = median(perRound[i].map((v, r) => v / perRound[0][r]));
  console.log(
    JSON.stringify({
      bench: 'standard-mappings',
      scenario: s.name,
      bundle_entries: entries[i],
      cpu_us_per_message: Math.round(us),
      messages_per_s_per_core: Math.round(1e6 / us),
      cpu_vs_hand_written: Number(ratio.toFixed(2)),
      rounds: ROUNDS,
    }),
  );
}

if (PROFILE) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await slice(scenarios[1]);
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(PROFILE, JSON.stringify(profile));
  session.disconnect();
  console.log(JSON.stringify({ bench: 'standard-mappings', profile: PROFILE }));
}
await app.close();
console.log(
  JSON.stringify({ bench: 'standard-mappings', scenario: 'machine', cpu_steal_share: steal.end() }),
);
