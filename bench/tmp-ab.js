// temporary A/B: same process, interleaved rounds
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFhirContext } from '@mapx/fhir';
import { createEngine } from '@mapx/engine';
import { loadConfig } from '../apps/service/dist/config/load-config.js';
import { createLogger } from '../apps/service/dist/logger.js';
import { createRuntime } from '../apps/service/dist/runtime.js';
import { buildApp } from '../apps/service/dist/app.js';
import { adhoc, ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
const result = loadConfig({ LOG_LEVEL: 'warn', FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache') });
const app = await buildApp(result.config, await createRuntime(result.config, createLogger('warn')), { logger: createLogger('warn') });
await app.ready(); await app.mapx.warmup.start();
const n = await app.mapx.dispatcher.normalize('x-application/hl7-v2+er7', ADT_A01, true);
const cases = { adt: [ADT_MAPPING, n.value], bp: [adhoc[3].mapx, adhoc[3].input], obj: [adhoc[1].mapx, adhoc[1].input] };
const engine = app.mapx.engine;
for (const [name, [src, input]] of Object.entries(cases)) {
  globalThis.__nohook = false; const A = await engine.compile(src);
  globalThis.__nohook = true; const B = await engine.compile(src + '\n/* b */');
  const N = name === 'adt' ? 100 : 500;
  const tA = [], tB = [];
  for (let r = 0; r < 12; r++) for (const [c, arr] of [[A, tA], [B, tB]]) {
    const c0 = process.cpuUsage(); for (let i = 0; i < N; i++) await c.evaluate(input); const d = process.cpuUsage(c0); arr.push((d.user + d.system) / N);
  }
  const med = (a) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(name, 'hook', med(tA).toFixed(1), 'nohook', med(tB).toFixed(1), 'min', Math.min(...tA).toFixed(1), Math.min(...tB).toFixed(1));
}
await app.close();
