// Start-up of the built service, measured several times: wall time until it answers /health (listen) and until
// warm-up finished (ready), plus the CPU the process had used when it first answered (Linux /proc), which is far
// less sensitive to a loaded machine than wall time. One JSON line (medians). Run `npm run build` first.
// `BENCH_BASE_ROOT`: another built checkout, started alternately with this one (one line each).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMicros } from './lib/slices.js';
import { ROOT, startService, waitReady } from './lib/start-service.js';
import { bundleIsCurrent } from '../apps/service/dist/serve-module.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
/** Another built checkout to start alternately with this one (ABAB…), for a side-by-side comparison. */
const BASE = process.env.BENCH_BASE_ROOT;
const variants = BASE ? { this: ROOT, base: resolve(BASE) } : { this: ROOT };

const runs = Object.fromEntries(Object.keys(variants).map((v) => [v, []]));
for (let i = 0; i < RUNS; i++) {
  for (const [v, root] of Object.entries(variants)) {
    const svc = await startService({}, root);
    const cpuAtListen = cpuMs(svc.child.pid);
    const readyMs = await waitReady(svc.baseUrl, svc.started);
    runs[v].push({
      listen: svc.listenMs,
      ready: readyMs,
      cpu: cpuAtListen,
      cpuReady: cpuMs(svc.child.pid),
      mainReady: cpuMs(svc.child.pid, svc.child.pid),
    });
    await svc.stop();
  }
}
for (const [v, root] of Object.entries(variants)) {
  const quartiles = (k) => {
    const sorted = runs[v].map((r) => r[k]).sort((a, b) => a - b);
    return [0.25, 0.5, 0.75].map((q) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]),
    );
  };
  console.log(
    JSON.stringify({
      scenario: 'service start-up',
      ...(BASE ? { build: v, root } : {}),
      runs: RUNS,
      node: process.version,
      isolation: process.env.MAPX_EVAL_ISOLATION ?? 'worker',
      // false: a `tsc -b` since `npm run build` left the one-file bundle out of date, so the modules were loaded.
      bundle: bundleIsCurrent(pathToFileURL(join(root, 'apps/service/dist/serve.bundle.json'))),
      listen_ms: quartiles('listen')[1],
      ready_ms: quartiles('ready')[1],
      ready_ms_quartiles: quartiles('ready'),
      cpu_ms_at_listen: quartiles('cpu')[1],
      cpu_ms_at_ready: quartiles('cpuReady')[1],
      // the main thread's share: the rest is the evaluation threads and V8's helper threads
      main_thread_cpu_ms_at_ready: quartiles('mainReady')[1],
      load_avg_1m: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
    }),
  );
}

/** User + system CPU of a process (or of its thread `tid`) in ms (clock ticks of 10 ms); NaN where /proc is missing. */
function cpuMs(pid, tid) {
  try {
    return cpuMicros(pid, tid) / 1000;
  } catch {
    return NaN;
  }
}
