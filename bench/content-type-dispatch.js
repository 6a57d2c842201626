// The input dispatcher's cost per request for a Content-Type it has seen before (the header parsed once, then
// remembered): InputDispatcher.normalize with a normaliser that answers at once, 2,000,000 calls after a warm-up,
// for `application/json` and `application/json; charset=utf-8`; CPU ns per call. BENCH_BASE_DIR=<another built
// checkout> runs its dispatcher beside this one's, alternating, BENCH_DISPATCH_ROUNDS (default 2) rounds. Prints
// one JSON line per build, type and round. Run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROUNDS = Number(process.env.BENCH_DISPATCH_ROUNDS ?? 2);
const N = 2_000_000;
const [, , mode, root] = process.argv;

if (mode === '--child') {
  const url = pathToFileURL(resolve(root, 'apps/service/dist/normalize/input-dispatcher.js')).href;
  const { InputDispatcher } = await import(url);
  const normalizer = { normalize: (input) => ({ ok: true, value: input.body }) };
  const d = new InputDispatcher([{ id: 'json', mediaTypes: ['application/json'], normalizer }]);
  for (const type of ['application/json', 'application/json; charset=utf-8']) {
    for (let i = 0; i < 200_000; i++) d.normalize(type, {}, false);
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) d.normalize(type, {}, false);
    const u = process.cpuUsage(t);
    console.log(JSON.stringify({ type, ns_per_call: Math.round(((u.user + u.system) * 1000) / N) }));
  }
} else {
  const builds = { this: resolve(import.meta.dirname, '..') };
  if (process.env.BENCH_BASE_DIR) builds.base = resolve(process.env.BENCH_BASE_DIR);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? Object.keys(builds).reverse() : Object.keys(builds);
    for (const build of order) {
      const r = spawnSync(process.execPath, [import.meta.filename, '--child', builds[build]], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(r.stderr);
      for (const line of r.stdout.trim().split('\n'))
        console.log(JSON.stringify({ bench: 'content-type-dispatch', build, round, ...JSON.parse(line) }));
    }
  }
}
