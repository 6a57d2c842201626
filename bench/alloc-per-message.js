// Bytes allocated on the JavaScript heap per message, and CPU per message, for the ADT^A01 → Bundle mapping and the
// small POST / scenarios through the service's own pipeline on one thread (normaliser + engine, isolation off:
// what an evaluation thread runs), measured with V8's GC profiler (allocated = heap growth between collections, summed). With
// BENCH_BASE_ROOT (another built checkout) both builds are measured alternately, each in a fresh process per round.
// The standard HL7 v2 conversion of the same message (`v2ToFhir`, docs/standard-mappings.md) runs on a tenth of
// the messages. BENCH_ROUNDS (default 3), BENCH_MESSAGES (default 3000 per scenario), BENCH_ALLOC_ONLY (only the
// scenarios whose name contains it: a process that runs one mapping, as `mapx run` does, optimises differently from one that has run
// several). BENCH_ALLOC_ENGINE=thread evaluates with
// the engine an evaluation thread builds (the service's default, isolation on) instead of the main thread's.
// One JSON line per build and scenario.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ROOT } from './lib/start-service.js';
import { quartiles } from './lib/slices.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE = process.env.BENCH_BASE_ROOT;
const variants = BASE ? { this: ROOT, base: resolve(BASE) } : { this: ROOT };

if (process.argv[2] === '--child') await child(process.argv[3]);
else {
  const results = {};
  for (let r = 0; r < ROUNDS; r++)
    for (const [v, root] of r % 2 ? Object.entries(variants).reverse() : Object.entries(variants)) {
      const out = execFileSync(process.execPath, [import.meta.filename, '--child', root], {
        encoding: 'utf8',
      });
      for (const line of out.trim().split('\n')) {
        const m = JSON.parse(line);
        ((results[v] ??= {})[m.scenario] ??= []).push(m);
      }
    }
  for (const [v, byScenario] of Object.entries(results))
    for (const [scenario, runs] of Object.entries(byScenario))
      console.log(
        JSON.stringify({
          scenario,
          build: v,
          root: variants[v],
          bytes_allocated_per_message_quartiles: quartiles(runs.map((x) => x.bytes)).map(Math.round),
          cpu_us_per_message_quartiles: quartiles(runs.map((x) => x.cpuUs)).map(Math.round),
        }),
      );
}

async function child(root) {
  const v8 = await import('node:v8');
  const { ADT_A01, ADT_MAPPING, adhoc } = await import('./lib/scenarios.js');
  const dist = `${root}/apps/service/dist`;
  const { loadConfig } = await import(`${dist}/config/load-config.js`);
  const { createLogger } = await import(`${dist}/logger.js`);
  const { createRuntime } = await import(`${dist}/runtime.js`);
  const { buildApp } = await import(`${dist}/app.js`);
  // runEvaluation with isolation off: the one entry point every build has (it then evaluates on this thread);
  // builds before the evaluation outcome kept it in eval/ and answered with an HTTP status
  const { runEvaluation } = await import(`${dist}/evaluation/run-evaluation.js`).catch(
    () => import(`${dist}/eval/run-evaluation.js`),
  );
  // errors only: the standard conversion's warnings (an unmapped code) would be log lines on stdout, which carries
  // the figures
  const { config } = loadConfig({ LOG_LEVEL: 'error', MAPX_EVAL_ISOLATION: 'off', MAPX_METRICS: 'off' });
  const logger = createLogger('error');
  const runtime = await createRuntime(config, logger);
  const app = await buildApp(config, runtime, { logger });
  await app.ready();
  await app.mapx.warmup.start();
  if (process.env.BENCH_ALLOC_ENGINE === 'thread') {
    // the engine an evaluation thread builds for itself (`ownThread`: every run may take an expression's
    // synchronous form); a build without the option ignores it
    const { createServiceEngine } = await import(`${dist}/eval/service-engine.js`);
    const { registerHostFunctions } = await import(`${dist}/eval/host-functions.js`);
    const { engine } = createServiceEngine(config, runtime.fhir, logger, { ownThread: true });
    registerHostFunctions(engine, app.mapx.dispatcher);
    app.mapx.engine = engine;
  }
  const { dispatcher } = app.mapx;
  const N = Number(process.env.BENCH_MESSAGES ?? 3000);
  const scenarios = [
    ...adhoc.map((s) => ({ name: `POST / ${s.name}`, source: s.mapx, input: () => s.input })),
    {
      name: 'ADT^A01 → Bundle (normalise + evaluate)',
      source: ADT_MAPPING,
      input: async () => {
        const n = await dispatcher.normalize('x-application/hl7-v2+er7', ADT_A01, true);
        return n.value;
      },
    },
  ];
  // the built-in standard conversion of the same message (evaluate only: the normaliser's share is the row above),
  // ≈ 70 times the hand-written mapping's work, so on fewer messages; left out where the build has none
  const standard = app.mapx.mappings.current().mappings.get('v2ToFhir');
  if (standard !== undefined) {
    const adt = await dispatcher.normalize('x-application/hl7-v2+er7', ADT_A01, true);
    scenarios.push({
      name: 'standard ADT^A01 (v2ToFhir)',
      source: standard,
      input: () => adt.value,
      n: N / 10,
      lowerCollect: false,
    });
  }
  const only = process.env.BENCH_ALLOC_ONLY?.toLowerCase();
  for (const s of scenarios) {
    // one scenario alone in its process: the others' shapes would make the engine's hot code polymorphic
    if (only && !s.name.toLowerCase().includes(only)) continue;
    const once = async () => {
      const reply = await runEvaluation(app.mapx, {
        source: s.source,
        input: await s.input(),
        verbose: false,
        lowerCollect: s.lowerCollect ?? true,
      });
      if (!(reply.ok ?? reply.status === 200)) throw new Error(`${s.name}: ${reply.code ?? reply.status}`);
    };
    const n = Math.max(1, Math.round(s.n ?? N));
    for (let i = 0; i < Math.min(n, 1000); i++) await once();
    const profiler = new v8.GCProfiler();
    const heap0 = v8.getHeapStatistics().used_heap_size;
    const cpu0 = process.cpuUsage();
    profiler.start();
    for (let i = 0; i < n; i++) await once();
    const heap1 = v8.getHeapStatistics().used_heap_size;
    const { statistics } = profiler.stop();
    const cpu = process.cpuUsage(cpu0);
    let allocated = 0;
    let previous = heap0;
    for (const gc of statistics) {
      allocated += gc.beforeGC.heapStatistics.usedHeapSize - previous;
      previous = gc.afterGC.heapStatistics.usedHeapSize;
    }
    allocated += heap1 - previous;
    console.log(
      JSON.stringify({
        scenario: s.name,
        bytes: allocated / n,
        cpuUs: (cpu.user + cpu.system) / n,
      }),
    );
  }
  await app.close();
}
