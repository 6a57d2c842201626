// wrk (C, one thread) as the load generator: it needs far less CPU than autocannon, which matters when the
// service and the load generator share 2 cores. Same result shape as the fields http-bench reads from autocannon.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
// wrk threads (BENCH_WRK_THREADS, 1 by default): one is one core of load, which a large machine's service can outrun
const THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);

export async function wrk({ url, method, body, headers, connections, duration }) {
  const script = join(mkdtempSync(join(tmpdir(), 'mapx-wrk-')), 'request.lua');
  const lines = [`wrk.method = ${JSON.stringify(method)}`, `wrk.body = ${luaString(body)}`];
  for (const [k, v] of Object.entries(headers))
    lines.push(`wrk.headers[ ${luaString(k)} ] = ${luaString(v)}`);
  writeFileSync(script, lines.join('\n'));
  const args = [
    `-t${Math.min(THREADS, connections)}`,
    `-c${connections}`,
    `-d${duration}s`,
    '--latency',
    '-s',
    script,
    url,
  ];
  const { stdout, stderr } = await run('wrk', args);
  // A Lua error in the script does not fail wrk: it sends default GET requests instead.
  if (stderr.trim()) throw new Error(`wrk: ${stderr.trim()}`);
  if (process.env.BENCH_DEBUG) console.error(stdout);
  const ms = (label) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(stdout);
    if (!m) return NaN;
    const n = Number(m[1]);
    return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
  };
  return {
    requests: { average: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]) },
    latency: { p50: ms('50'), p99: ms('99') },
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
    errors: Number(/Socket errors:.*?(\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

/** A Lua long string literal that cannot be closed by the text it holds. */
function luaString(text) {
  let eq = '';
  while (text.includes(`]${eq}]`)) eq += '=';
  return `[${eq}[${text}]${eq}]`;
}
