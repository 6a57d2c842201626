// Latency of simple requests while one runaway evaluation runs to its time limit (issue: a runaway must not slow
// its neighbours). For each isolation mode (`BENCH_ISOLATION`, default "off,worker"), a fresh service with
// MAPX_WORKERS unset: `POST /` with `$` at a steady modest rate (BENCH_RATE per second), idle, then while each
// runaway runs. Prints one JSON line per mode and phase. Run `npm run build` first. Loopback only, bounded.
import { startService, waitReady } from './lib/start-service.js';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 4);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 3000);
const MODES = (process.env.BENCH_ISOLATION ?? 'off,worker').split(',').map((m) => m.trim());
const RUNAWAYS = [
  { name: 'recursion', mapx: '($f := function($x){ $f($x+1) }; $f(0))' },
  // polynomial backtracking in one synchronous regular expression call (no nested quantifier to refuse)
  { name: 'sync-regex', mapx: '$contains($pad("", 60, "a"), /a*a*a*a*a*a*b/)' },
];
const SIMPLE = JSON.stringify({ mapx: '$', input: { a: 1 } });

for (const mode of MODES) {
  const svc = await startService({ MAPX_EVAL_ISOLATION: mode, MAPX_EVAL_TIMEOUT_MS: String(LIMIT_MS) });
  try {
    await waitReady(svc.baseUrl, svc.started);
    await steady(svc.baseUrl, 2000); // JIT warm-up, not reported
    print(mode, 'idle', await steady(svc.baseUrl, IDLE_S * 1000));
    for (const r of RUNAWAYS) {
      const started = performance.now();
      const runaway = post(svc.baseUrl, JSON.stringify({ mapx: r.mapx }))
        .then(async (res) => ({
          status: res.status,
          code: (await res.json()).code,
          ms: Math.round(performance.now() - started),
        }))
        .catch(() => ({ status: 'no answer' }));
      let done = false;
      void runaway.then(() => (done = true));
      const figures = await steady(svc.baseUrl, LIMIT_MS * 3, () => done);
      const answered = await Promise.race([runaway, sleep(LIMIT_MS).then(() => ({ status: 'no answer' }))]);
      print(mode, `during ${r.name}`, figures, answered);
      // a synchronous runaway on the main thread (isolation off) is never interrupted: the process is frozen
      if (answered.status === 'no answer') break;
    }
  } finally {
    svc.child.kill('SIGKILL');
  }
}

function post(baseUrl, body, signal) {
  const headers = { 'content-type': 'application/json' };
  return fetch(`${baseUrl}/`, { method: 'POST', body, headers, ...(signal ? { signal } : {}) });
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Sends one simple request every 1/RATE s (open loop: never waits for answers) until `stop()` or `ms`. */
async function steady(baseUrl, ms, stop = () => false) {
  const latencies = [];
  const pending = [];
  let unanswered = 0;
  const end = performance.now() + ms;
  for (let next = performance.now(); performance.now() < end && !stop(); next += 1000 / RATE) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    pending.push(
      post(baseUrl, SIMPLE, AbortSignal.timeout(ms)).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`simple request answered ${res.status}`);
          latencies.push(performance.now() - t0);
        },
        () => unanswered++,
      ),
    );
  }
  await Promise.all(pending);
  if (latencies.length === 0) return { requests: 0, unanswered };
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(2));
  return { requests: latencies.length, unanswered, p50_ms: pct(0.5), p99_ms: pct(0.99), max_ms: pct(1) };
}

function print(isolation, phase, figures, runaway) {
  console.log(
    JSON.stringify({
      scenario: 'isolation',
      isolation,
      phase,
      rate_per_s: RATE,
      ...figures,
      ...(runaway ? { runaway } : {}),
    }),
  );
}
