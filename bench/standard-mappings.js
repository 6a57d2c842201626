// The standard HL7 v2 → FHIR mappings beside the hand-written ADT mapping of the benchmarks, through the
// service's pipeline without HTTP (normalise, then evaluate on this thread, as POST /Mapping/{id} does):
//   hand-written  bench/fixtures/adt-to-bundle.mapx on bench/fixtures/adt-a01.hl7 (6-resource Bundle)
//   standard ADT  v2ToFhir on the same message (dispatch on MSH-9, then v2ToFhirAdtA01 and its segment maps)
//   standard ADT direct  v2ToFhirAdtA01 on it: the same without the dispatch
//   standard ORU  v2ToFhir on bench/fixtures/oru-r01.hl7 (a 5-result panel)
//   standard ORU 839 OBX  v2ToFhir on the largest ORU^R01 of the public HL7 v2 corpus (fn-hl7-json-lake
//     bigmessage.txt), when the corpora folder is there (MAPX_CORPORA_DIR, else where test-support/corpora.ts
//     looks); left out, with a line saying so, when it is not
// BENCH_BASE_DIR=<the root of another built checkout> (e.g. a worktree of an earlier commit after `npm ci && npm
// run build`) compares that build's engine and standard mappings with this one's, side by side in one run.
// On a shared machine wall time says little: each measurement is a fresh process (two services in one process
// bias each other through the shared heap and GC) that runs every scenario for BENCH_STANDARD_MS (default 1500)
// of CPU time after a warm-up, at least two messages, in an order rotated each round; BENCH_STANDARD_ROUNDS
// (default 5) rounds alternate the builds (and which goes first). The figure is CPU µs per message
// (process.cpuUsage of the single-threaded child), so messages/s per core = 1e6 / µs; each round's ratio to the
// hand-written one of the same process gives the cost, and with a base build each round's ratio of this build to
// the base; medians are reported, and whether both builds gave the same Bundle.
// BENCH_STANDARD_ENGINE=thread (default) evaluates with the engine an evaluation thread has (`ownThread`: its runs
// synchronous where they can be, engine/sync-tier.ts), as the service does by default (MAPX_EVAL_ISOLATION=worker),
// on this thread without the hand-over; =main with the engine the main thread has (MAPX_EVAL_ISOLATION=off).
// BENCH_STANDARD_PROFILE=<file.cpuprofile>: a V8 CPU profile of this build's standard ADT scenario (open it in
// Chrome DevTools: the dispatch in v2ToFhir and each $v2Segment…/$v2Datatype… call are their own frames).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { measureSteal } from './lib/cpu-steal.js';

const ROUNDS = Number(process.env.BENCH_STANDARD_ROUNDS ?? 5);
const SLICE_MS = Number(process.env.BENCH_STANDARD_MS ?? 1500);
const PROFILE = process.env.BENCH_STANDARD_PROFILE;
const ENGINE = process.env.BENCH_STANDARD_ENGINE ?? 'thread';
if (ENGINE !== 'thread' && ENGINE !== 'main') throw new Error('BENCH_STANDARD_ENGINE: thread or main');
const BASE = process.env.BENCH_BASE_DIR;
const HERE = resolve(import.meta.dirname, '..');
const HL7 = 'x-application/hl7-v2+er7';
const fixtures = join(import.meta.dirname, 'fixtures');
// the corpora folder as test-support/corpora.ts finds it
const corporaDir = resolve(process.env.MAPX_CORPORA_DIR || join(HERE, '..', 'shared'));
const BIG_ORU = join(
  corporaDir,
  'hl7v2-corpus/data-exchange-hl7/fns-hl7-pipeline/fn-hl7-json-lake/src/test/resources/bigmessage.txt',
);

const scenarios = [
  { name: 'hand-written ADT^A01 (adt-to-bundle.mapx)', file: join(fixtures, 'adt-a01.hl7') },
  { name: 'standard ADT^A01 (v2ToFhir)', mapping: 'v2ToFhir', file: join(fixtures, 'adt-a01.hl7') },
  {
    name: 'standard ADT^A01 (v2ToFhirAdtA01, no dispatch)',
    mapping: 'v2ToFhirAdtA01',
    file: join(fixtures, 'adt-a01.hl7'),
  },
  { name: 'standard ORU^R01 5 OBX (v2ToFhir)', mapping: 'v2ToFhir', file: join(fixtures, 'oru-r01.hl7') },
  { name: 'standard ORU^R01 839 OBX (v2ToFhir, corpus)', mapping: 'v2ToFhir', file: BIG_ORU, corpus: true },
].filter((s) => !s.corpus || existsSync(s.file));

const [, , mode, childRoot, childRound] = process.argv;
if (mode === '--child') await child(childRoot, Number(childRound));
else parent();

/** The service of one built checkout, in process, with its standard mappings on. */
async function serviceOf(root) {
  const load = (p) => import(pathToFileURL(join(root, p)).href);
  const { loadConfig } = await load('apps/service/dist/config/load-config.js');
  const { createLogger } = await load('apps/service/dist/logger.js');
  const { createRuntime } = await load('apps/service/dist/runtime.js');
  const { buildApp } = await load('apps/service/dist/app.js');
  // where the evaluation lives, and the shape of its outcome, differ between builds (an earlier one: eval/)
  const { runEvaluation } = await load('apps/service/dist/evaluation/run-evaluation.js').catch(() =>
    load('apps/service/dist/eval/run-evaluation.js'),
  );
  // the mappings' warnings (a date without a time zone, an untranslated code) are not logged: the figure is the
  // conversion; the 839-OBX message needs more than the default evaluation limit on the earlier builds
  const config = loadConfig({
    LOG_LEVEL: 'error',
    MAPX_EVAL_ISOLATION: 'off',
    MAPX_STANDARD_MAPPINGS: 'on',
    MAPX_EVAL_TIMEOUT_MS: '120000',
    MAPPINGS_FOLDER: mkdtempSync(join(tmpdir(), 'mapx-bench-standard-')),
    MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
    FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'),
  });
  if (!config.ok) throw new Error(config.message);
  const logger = createLogger('error');
  const app = await buildApp(config.config, await createRuntime(config.config, logger), { logger });
  await app.ready();
  await app.mapx.warmup.start();
  if (ENGINE === 'thread') {
    // the engine eval-worker.ts builds for each evaluation thread, with the host functions it registers there
    const { createServiceEngine } = await load('apps/service/dist/eval/service-engine.js');
    const { registerHostFunctions } = await load('apps/service/dist/eval/host-functions.js');
    const { engine } = createServiceEngine(config.config, app.mapx.fhir, logger, { ownThread: true });
    registerHostFunctions(engine, app.mapx.dispatcher);
    app.mapx.engine = engine;
  }
  return { app, services: app.mapx, runEvaluation };
}

/** One process, one build: every scenario for a slice of CPU time; CPU µs per message and a hash of the Bundle. */
async function child(root, round) {
  const { app, services, runEvaluation } = await serviceOf(root);
  const view = services.mappings.current();
  const sourceOf = (s) => {
    if (!s.mapping) return readFileSync(join(fixtures, 'adt-to-bundle.mapx'), 'utf8');
    const text = view.mappings.get(s.mapping);
    if (text === undefined) throw new Error(`no mapping ${s.mapping}: are the standard mappings built in?`);
    return text;
  };
  const prepared = [];
  for (const s of scenarios) {
    const input = await services.dispatcher.normalize(HL7, readFileSync(s.file, 'latin1'), true);
    if (!input.ok) throw new Error(`${s.name}: ${JSON.stringify(input)}`);
    prepared.push({ s, source: sourceOf(s), input: input.value });
  }
  /** One message as POST /Mapping/{id} handles it: evaluate, check the outcome; the Bundle. */
  const once = async (p) => {
    const r = await runEvaluation(services, {
      source: p.source,
      input: p.input,
      verbose: false,
      lowerCollect: false,
    });
    if ('ok' in r) {
      if (!r.ok) throw new Error(`${p.s.name}: ${r.code} ${r.message.slice(0, 500)}`);
      return r.result && 'value' in r.result ? r.result.value : undefined;
    }
    if (r.status !== 200 && r.status !== 206)
      throw new Error(`${p.s.name}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
    return r.status === 206 ? r.body.result : r.body;
  };
  const slice = async (p) => {
    let n = 0;
    const t0 = process.cpuUsage();
    let used = 0;
    while (used < SLICE_MS * 1000 || n < 2) {
      await once(p);
      n++;
      const d = process.cpuUsage(t0);
      used = d.user + d.system;
    }
    return used / n;
  };
  if (round < 0) {
    // the profile of the standard ADT scenario
    const p = prepared[1];
    await slice(p);
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await slice(p);
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
    session.disconnect();
    await app.close();
    return;
  }
  const result = {};
  for (let k = 0; k < prepared.length; k++) {
    const p = prepared[(k + round) % prepared.length];
    const body = await once(p);
    // warm-up: the JIT needs the same work for a while before figures settle (the 839-OBX message is that
    // work many times over in one message)
    if (!p.s.corpus) await slice(p);
    result[p.s.name] = {
      us: await slice(p),
      entries: Array.isArray(body?.entry) ? body.entry.length : 0,
      hash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
    };
  }
  await app.close();
  console.log(JSON.stringify(result));
}

function parent() {
  const steal = measureSteal();
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const builds = BASE ? { base: resolve(BASE), this: HERE } : { this: HERE };
  const run = (root, round) => {
    const r = spawnSync(process.execPath, [import.meta.filename, '--child', root, String(round)], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(r.stderr);
    // the profile's child writes its file and prints nothing
    return round < 0 ? undefined : JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const rounds = Object.fromEntries(Object.keys(builds).map((b) => [b, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? Object.keys(builds).reverse() : Object.keys(builds);
    for (const b of order) rounds[b].push(run(builds[b], round));
  }
  const hand = scenarios[0].name;
  for (const s of scenarios) {
    for (const b of Object.keys(builds)) {
      const per = rounds[b].map((r) => r[s.name]);
      const us = median(per.map((x) => x.us));
      const line = {
        bench: 'standard-mappings',
        scenario: s.name,
        build: b,
        bundle_entries: per[0].entries,
        cpu_us_per_message: Math.round(us),
        messages_per_s_per_core: Number((1e6 / us).toFixed(us > 1e5 ? 2 : 0)),
        cpu_vs_hand_written: Number(median(rounds[b].map((r) => r[s.name].us / r[hand].us)).toFixed(2)),
        rounds: ROUNDS,
      };
      console.log(JSON.stringify(line));
    }
    if (BASE) {
      // each round's two processes ran back to back: their ratio cancels the load drifting between rounds
      const ratio = median(rounds.this.map((r, i) => r[s.name].us / rounds.base[i][s.name].us));
      const hashes = new Set([...rounds.this, ...rounds.base].map((r) => r[s.name].hash));
      console.log(
        JSON.stringify({
          bench: 'standard-mappings',
          scenario: s.name,
          cpu_this_vs_base: Number(ratio.toFixed(3)),
          same_output: hashes.size === 1,
        }),
      );
    }
  }
  if (!scenarios.some((s) => s.corpus))
    console.log(
      JSON.stringify({
        bench: 'standard-mappings',
        skipped: `ORU^R01 839 OBX: no HL7 v2 corpus in ${corporaDir}`,
      }),
    );
  if (PROFILE) {
    run(HERE, -1);
    console.log(JSON.stringify({ bench: 'standard-mappings', profile: PROFILE }));
  }
  console.log(
    JSON.stringify({ bench: 'standard-mappings', scenario: 'machine', cpu_steal_share: steal.end() }),
  );
}
