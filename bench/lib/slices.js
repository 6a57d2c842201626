// One measured slice of load against a started service: wrk (default) or autocannon, plus the service's CPU time
// per request over all its threads (Linux /proc).
import { readFileSync } from 'node:fs';
import { wrk } from './wrk.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const LOADGEN = process.env.BENCH_LOADGEN ?? 'wrk';

/** CPU time (user + system) the process has used (all threads), or one of its threads, in microseconds. */
export function cpuMicros(pid, tid) {
  const c = procCounters(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`);
  return c.userMicros + c.systemMicros;
}

/**
 * A process's counters from Linux `/proc/<pid>/stat` (`self` for this one): CPU time in user and kernel mode, in
 * microseconds, and minor page faults; with `children`, those of its children that have ended and been waited for.
 * System time and faults that grow per message as cores are added point at the kernel (or a sandbox's emulation
 * of it): fresh pages for the heaps, mappings made and dropped.
 */
export function procCounters(path, { children = false } = {}) {
  const stat = readFileSync(path, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, minflt] = children ? [f[13], f[14], f[8]] : [f[11], f[12], f[7]];
  return {
    userMicros: (Number(utime) * 1e6) / 100,
    systemMicros: (Number(stime) * 1e6) / 100,
    minorFaults: Number(minflt),
  };
}

function sumCounters(pids) {
  const all = pids.map((pid) => procCounters(`/proc/${pid}/stat`));
  return {
    system: all.reduce((t, c) => t + c.systemMicros, 0),
    faults: all.reduce((t, c) => t + c.minorFaults, 0),
  };
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
  const countersBefore = sumCounters(pids);
  // autocannon loads only when chosen: a machine that runs the packed service with wrk has no devDependencies
  const r = LOADGEN === 'wrk' ? await wrk(request) : await (await import('autocannon')).default(request);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${s.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const total = r.requests.total ?? r.requests.average * seconds;
  const cpu = pids.reduce((t, pid) => t + cpuMicros(pid), 0) - cpuBefore;
  const main = pids.reduce((t, pid) => t + cpuMicros(pid, pid), 0) - mainBefore;
  const counters = sumCounters(pids);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuPerRequest: cpu / total,
    mainCpuPerRequest: main / total,
    systemCpuPerRequest: (counters.system - countersBefore.system) / total,
    minorFaultsPerRequest: (counters.faults - countersBefore.faults) / total,
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
