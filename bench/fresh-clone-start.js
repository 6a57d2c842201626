// A fresh clone's first start, as a new user meets it: `git clone`, `npm ci`, `npm start` until the service is
// ready (GET /health: warm-up finished), in a temp folder, for this checkout's HEAD and for BENCH_BASE_COMMIT (any
// commit of this repository), alternately (ABAB…) for BENCH_ROUNDS (default 1) rounds. Prints one JSON line per
// start: seconds for `npm ci`, and from `npm start` to listening and to ready. npm's cache and the FHIR package
// cache are shared by both, as on a developer's machine; the clones are removed afterwards. Network: the npm
// registry (npm ci).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/start-service.js';

const BASE = process.env.BENCH_BASE_COMMIT;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const commits = BASE ? { this: head, base: BASE } : { this: head };

for (let r = 0; r < ROUNDS; r++)
  for (const [name, commit] of r % 2 ? Object.entries(commits).reverse() : Object.entries(commits))
    console.log(
      JSON.stringify({
        scenario: 'fresh clone: npm ci && npm start',
        build: name,
        commit,
        ...(await firstStart(commit)),
      }),
    );

async function firstStart(commit) {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-fresh-'));
  try {
    execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, dir]);
    execFileSync('git', ['checkout', '--quiet', commit], { cwd: dir });
    const t0 = performance.now();
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'ignore' });
    const npmCi = (performance.now() - t0) / 1000;
    const port = 43000 + Math.floor(Math.random() * 2000);
    const t1 = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: dir,
      env: { ...process.env, SERVER_PORT: String(port), SERVER_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    let listen;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}`);
      try {
        const h = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
        listen ??= (performance.now() - t1) / 1000;
        if (h.warming_up === false && (h.warming_up_finished_at || h.warming_up_error)) break;
      } catch {
        // not listening yet
      }
      await new Promise((res) => setTimeout(res, 50));
    }
    const ready = (performance.now() - t1) / 1000;
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((res) => child.once('exit', res));
    const round = (x) => Math.round(x * 10) / 10;
    return {
      npmCiS: round(npmCi),
      startToListenS: round(listen),
      startToReadyS: round(ready),
      totalS: round(npmCi + ready),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
