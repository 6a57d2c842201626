// temporary profiling driver (removed before finishing)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { inProcess } from './lib/in-process.js';
import { adhoc, ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
const which = process.argv[2] ?? 'adt';
const out = process.argv[3];
const folder = mkdtempSync(join(tmpdir(), 'mapx-prof-'));
writeFileSync(join(folder, 'adt.mapx'), ADT_MAPPING);
const local = await inProcess({ MAPPINGS_FOLDER: folder });
const run = () => {
  if (which === 'adt') return local.mappingRate(ADT_MAPPING, ADT_A01, 'x-application/hl7-v2+er7');
  const s = adhoc.find((a) => a.name.startsWith(which)); return local.evaluateRate(s.mapx, s.input);
};
await run(); // warm
const session = new Session(); session.connect();
if (out) { await session.post('Profiler.enable'); await session.post('Profiler.start'); }
const c0 = process.cpuUsage();
const rate = await run();
const c = process.cpuUsage(c0);
if (out) { const { profile } = await session.post('Profiler.stop'); (await import('node:fs')).writeFileSync(out, JSON.stringify(profile)); }
console.log(which, 'per_s', Math.round(rate), 'cpu_ms', Math.round((c.user + c.system) / 1000), 'cpu_us_per_op', Math.round((c.user + c.system) / (rate * Number(process.env.BENCH_INPROCESS_S ?? 3))));
await local.close();
console.log(globalThis.__cs);
