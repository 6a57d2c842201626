// temporary: CPU µs per op, min over rounds (removed before finishing)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/service/dist/config/load-config.js';
import { createLogger } from '../apps/service/dist/logger.js';
import { createRuntime } from '../apps/service/dist/runtime.js';
import { buildApp } from '../apps/service/dist/app.js';
import { runEvaluation } from '../apps/service/dist/eval/run-evaluation.js';
import { adhoc, ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
const folder = mkdtempSync(join(tmpdir(), 'mapx-prof-'));
writeFileSync(join(folder, 'adt.mapx'), ADT_MAPPING);
const result = loadConfig({ LOG_LEVEL: 'warn', FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'), MAPPINGS_FOLDER: folder });
const app = await buildApp(result.config, await createRuntime(result.config, createLogger('warn')), { logger: createLogger('warn') });
await app.ready(); await app.mapx.warmup.start();
const services = app.mapx;
const ops = {
  adt: async () => { const n = await services.dispatcher.normalize('x-application/hl7-v2+er7', ADT_A01, true); const r = await runEvaluation(services, { source: ADT_MAPPING, input: n.value, verbose: false, lowerCollect: false }); if (r.status !== 200) throw new Error(JSON.stringify(r.body)); },
  hl7: async () => { const n = await services.dispatcher.normalize('x-application/hl7-v2+er7', ADT_A01, true); if (!n.ok) throw new Error('x'); },
};
for (const s of adhoc) ops[s.name.split(' ')[0] === 'FLASH' ? s.name.split(' ')[1] : s.name.split(' ')[0]] = async () => { const r = await runEvaluation(services, { source: s.mapx, input: s.input, verbose: false, lowerCollect: true }); if (r.status !== 200) throw new Error(JSON.stringify(r.body)); };
const which = (process.argv[2] ?? 'adt,bp,identity,JSONata,Patient').split(',');
const N = Number(process.argv[3] ?? 300);
for (const w of which) {
  const op = ops[w]; for (let i = 0; i < N; i++) await op();
  let best = Infinity;
  for (let r = 0; r < 5; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < N; i++) await op(); const c = process.cpuUsage(c0); best = Math.min(best, (c.user + c.system) / N); }
  console.log(w.padEnd(10), 'cpu_us/op', best.toFixed(1), ' ->', Math.round(1e6 / best), '/cpu-s');
}
await app.close();
