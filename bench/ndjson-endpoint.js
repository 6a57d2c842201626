// POST /Mapping/{id} with an NDJSON body vs one request per line, side by side on the same service process
// (docs/bulk.md). BENCH_NDJSON_LINES (default 10,000) JSON lines, a small FHIR-shaped mapping; separate requests
// are sent BENCH_NDJSON_CONCURRENCY (default 32) at a time. Each mode runs BENCH_NDJSON_ROUNDS (default 3) times,
// alternating, after one warm-up round each; the best round of each is reported with the ratio (target >= 0.9).
// Run `npm run build` first. Loopback only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, waitReady } from './lib/start-service.js';

const LINES = Number(process.env.BENCH_NDJSON_LINES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_NDJSON_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_NDJSON_ROUNDS ?? 3);
const folder = mkdtempSync(join(tmpdir(), 'mapx-bench-ndjson-'));
writeFileSync(
  join(folder, 'obs.mapx'),
  "{ 'resourceType': 'Observation', 'id': 'o' & $string(n), 'status': 'final', 'valueQuantity': { 'value': n * 1.5, 'unit': 'mg' } }",
);
const lines = Array.from({ length: LINES }, (_, i) => JSON.stringify({ n: i, note: `line ${i}` }));
const svc = await startService({ MAPPINGS_FOLDER: folder });
try {
  await waitReady(svc.baseUrl, svc.started);
  const url = `${svc.baseUrl}/Mapping/obs`;
  const best = { ndjson: Infinity, separate: Infinity };
  for (let round = -1; round < ROUNDS; round++) {
    const ndjson = await timed(() => oneRequest(url));
    const separate = await timed(() => separateRequests(url));
    if (round < 0) continue; // warm-up
    best.ndjson = Math.min(best.ndjson, ndjson);
    best.separate = Math.min(best.separate, separate);
  }
  const rate = (ms) => Math.round((LINES / ms) * 1000);
  print({
    scenario: 'ndjson one request',
    lines: LINES,
    ms: Math.round(best.ndjson),
    linesPerSecond: rate(best.ndjson),
  });
  print({
    scenario: 'separate requests',
    lines: LINES,
    concurrency: CONCURRENCY,
    ms: Math.round(best.separate),
    linesPerSecond: rate(best.separate),
  });
  print({
    compare: 'ndjson / separate',
    ratio: Math.round((best.separate / best.ndjson) * 100) / 100,
    target: '>= 0.9',
  });
} finally {
  await svc.stop();
  rmSync(folder, { recursive: true, force: true });
}

async function oneRequest(url) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson' },
    body: lines.join('\n'),
  });
  const text = await res.text();
  const count = text.split('\n').filter((l) => l !== '').length;
  if (res.status !== 200 || count !== LINES)
    throw new Error(`NDJSON answered ${res.status} with ${count} lines`);
}

async function separateRequests(url) {
  let next = 0;
  const worker = async () => {
    while (next < LINES) {
      const body = lines[next++];
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.text();
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function print(line) {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
