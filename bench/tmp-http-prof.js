// temporary: profile the real service under autocannon for one scenario
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adhoc, ADT_A01, ADT_MAPPING } from './lib/scenarios.js';
const which = process.argv[2] ?? 'identity';
const profDir = process.argv[3];
const folder = mkdtempSync(join(tmpdir(), 'mapx-bench-'));
writeFileSync(join(folder, 'adt.mapx'), ADT_MAPPING);
const port = 41000 + Math.floor(Math.random() * 9000);
const args = [...(profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []), 'apps/service/dist/main.js'];
const child = spawn(process.execPath, args, { env: { ...process.env, SERVER_PORT: String(port), SERVER_HOST: '127.0.0.1', LOG_LEVEL: process.env.LL ?? 'warn', FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'), MAPPINGS_FOLDER: folder }, stdio: ['ignore', process.env.LL ? 'ignore' : 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
for (;;) { try { const h = await (await fetch(base + '/health')).json(); if (!h.warming_up) break; } catch {} await new Promise((r) => setTimeout(r, 20)); }
let req;
if (which === 'adt') req = { url: base + '/Mapping/adt', body: ADT_A01, headers: { 'content-type': 'x-application/hl7-v2+er7' } };
else { const s = adhoc.find((a) => a.name.startsWith(which)); req = { url: base + '/', body: JSON.stringify({ mapx: s.mapx, input: s.input }), headers: { 'content-type': 'application/json' } }; }
const probe = await fetch(req.url, { method: 'POST', body: req.body, headers: req.headers }); console.error(probe.status, (await probe.text()).slice(0, 200));
await autocannon({ ...req, method: 'POST', connections: 16, duration: 1 });
const pid = child.pid; const cpu0 = readCpu(pid);
const r = await autocannon({ ...req, method: 'POST', connections: 16, duration: Number(process.env.D ?? 5) });
const cpu = readCpu(pid) - cpu0;
console.log(JSON.stringify({ which, rps: Math.round(r.requests.average), non2xx: r.non2xx, server_cpu_us_per_req: Math.round((cpu * 1e4) / r.requests.total) }));
child.kill('SIGINT'); await new Promise((res) => child.once('exit', res));
function readCpu(p) { const s = (globalThis.__fs ??= awaitFs()).readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' '); return Number(s[11]) + Number(s[12]); }
function awaitFs() { return process.getBuiltinModule ? process.getBuiltinModule('fs') : null; }
