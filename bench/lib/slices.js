// One measured slice of load against a started service: wrk (default) or autocannon, plus the service's CPU time
// per request over all its threads (Linux /proc).
import { readFileSync } from 'node:fs';
import { wrk } from './wrk.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const LOADGEN = process.env.BENCH_LOADGEN ?? 'wrk';

/** CPU time (user + system) the process has used (all threads), or one of its threads, in microseconds. */
export function cpuMicros(pid, tid) {
  const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

export async function measureSlice(svc, s, seconds, connections = CONNECTIONS) {
  const request = {
    url: svc.baseUrl + s.path,
    method: 'POST',
    body: s.body,
    headers: { 'content-type': s.type },
    connections,
    duration: seconds,
  };
  const pids = svc.pids ?? [svc.child.pid];
  const cpuBefore = pids.reduce((t, pid) => t + cpuMicros(pid), 0);
  // each process's main thread (its thread id is the process id): HTTP, contract and hand-over to the threads
  const mainBefore = pids.reduce((t, pid) => t + cpuMicros(pid, pid), 0);
  // autocannon loads only when chosen: a machine that runs the packed service with wrk has no devDependencies
  const r = LOADGEN === 'wrk' ? await wrk(request) : await (await import('autocannon')).default(request);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${s.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const total = r.requests.total ?? r.requests.average * seconds;
  const cpu = pids.reduce((t, pid) => t + cpuMicros(pid), 0) - cpuBefore;
  const main = pids.reduce((t, pid) => t + cpuMicros(pid, pid), 0) - mainBefore;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuPerRequest: cpu / total,
    mainCpuPerRequest: main / total,
  };
}

/**
 * Slices of `scenario` against every server in turn (ABAB…, the order reversed every other round) after a 2 s
 * warm-up slice each, so all see the same machine: the samples of `measureSlice` per server name.
 */
export async function alternatingSlices(servers, scenario, rounds, seconds) {
  const names = Object.keys(servers);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (const n of names) await measureSlice(servers[n], scenario, 2); // JIT warm-up, not counted
  for (let r = 0; r < rounds; r++)
    for (const n of r % 2 ? [...names].reverse() : names)
      samples[n].push(await measureSlice(servers[n], scenario, seconds));
  return samples;
}

/** [first quartile, median, third quartile] (nearest rank). */
export function quartiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return [at(0.25), at(0.5), at(0.75)];
}
