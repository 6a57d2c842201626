// temporary: CPU µs/op per layer
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsonata from '../node_modules/jsonata/jsonata.js';
import { loadConfig } from '../apps/service/dist/config/load-config.js';
import { createLogger } from '../apps/service/dist/logger.js';
import { createRuntime } from '../apps/service/dist/runtime.js';
import { buildApp } from '../apps/service/dist/app.js';
import { runEvaluation } from '../apps/service/dist/eval/run-evaluation.js';
import { buildBindings } from '../apps/service/dist/eval/build-bindings.js';
import { adhoc } from './lib/scenarios.js';
const folder = mkdtempSync(join(tmpdir(), 'mapx-prof-'));
const result = loadConfig({ LOG_LEVEL: 'warn', FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'), MAPPINGS_FOLDER: folder });
const app = await buildApp(result.config, await createRuntime(result.config, createLogger('warn')), { logger: createLogger('warn') });
await app.ready(); await app.mapx.warmup.start();
const services = app.mapx;
async function bench(name, f, N = Number(process.env.N ?? 1000)) {
  for (let i = 0; i < N; i++) await f();
  let best = Infinity;
  for (let r = 0; r < 7; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < N; i++) await f(); const c = process.cpuUsage(c0); best = Math.min(best, (c.user + c.system) / N); }
  console.log(name.padEnd(34), best.toFixed(1).padStart(7), 'us');
}
const pick = (process.argv[2] ?? 'identity,JSONata,FLASH bp').split(',');
for (const s of adhoc.filter((a) => pick.some((p) => a.name.startsWith(p)))) {
  console.log('##', s.name);
  const j = jsonata(s.mapx.startsWith('InstanceOf') ? '$' : s.mapx);
  await bench('jsonata direct', () => j.evaluate(s.input));
  const c = await services.engine.compile(s.mapx);
  await bench('engine evaluate', () => c.evaluate(s.input));
  const req = { source: s.mapx, input: s.input, verbose: false, lowerCollect: true };
  await bench('engine compile+evaluateVerbose', async () => { const cc = await services.engine.compile(s.mapx); const view = services.mappings.current(); return cc.evaluateVerbose(s.input, buildBindings(services, req), { mappings: { keys: () => view.mappings.keys(), get: (k) => view.mappings.get(k) } }); });
  await bench('runEvaluation', () => runEvaluation(services, req));
  const body = JSON.stringify({ mapx: s.mapx, input: s.input });
  await bench('inject POST /', () => app.inject({ method: 'POST', url: '/', payload: body, headers: { 'content-type': 'application/json' } }), 500);
}
await app.close();
