// Start-up of the built service, measured several times: wall time until it answers /health (listen) and until
// warm-up finished (ready), plus the CPU the process had used when it first answered (Linux /proc), which is far
// less sensitive to a loaded machine than wall time. One JSON line (medians). Run `npm run build` first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, startService, waitReady } from './lib/start-service.js';
import { bundleIsCurrent } from '../apps/service/dist/serve-module.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);

const runs = [];
for (let i = 0; i < RUNS; i++) {
  const svc = await startService();
  const cpuAtListen = cpuMs(svc.child.pid);
  const readyMs = await waitReady(svc.baseUrl, svc.started);
  runs.push({ listen: svc.listenMs, ready: readyMs, cpu: cpuAtListen, cpuReady: cpuMs(svc.child.pid) });
  await svc.stop();
}
const median = (k) => Math.round(runs.map((r) => r[k]).sort((a, b) => a - b)[runs.length >> 1]);
console.log(
  JSON.stringify({
    scenario: 'service start-up',
    runs: RUNS,
    node: process.version,
    // false: a `tsc -b` since `npm run build` left the one-file bundle out of date, so the modules were loaded.
    bundle: bundleIsCurrent(pathToFileURL(join(ROOT, 'apps/service/dist/serve.bundle.json'))),
    listen_ms: median('listen'),
    ready_ms: median('ready'),
    cpu_ms_at_listen: median('cpu'),
    cpu_ms_at_ready: median('cpuReady'),
    load_avg_1m: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
  }),
);

/** User + system CPU of a process in ms (clock ticks of 10 ms); NaN where /proc is missing. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
