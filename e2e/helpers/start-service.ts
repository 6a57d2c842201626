import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FHIR_CACHE = join(tmpdir(), 'mapx-e2e-fhir-cache');

export interface RunningService {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  readonly output: string[];
  stop(): Promise<number | null>;
}

/** Starts the built service (`apps/service/dist/main.js`) on a free port and waits until it listens. */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  const child = spawn(process.execPath, [join(ROOT, 'apps/service/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      SERVER_PORT: '0',
      SERVER_HOST: '127.0.0.1',
      FHIR_PACKAGE_CACHE_DIR: FHIR_CACHE,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const port = await new Promise<number>((res, rej) => {
    child.stdout?.on('data', (c: Buffer) => {
      output.push(c.toString());
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(c.toString());
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`service exited with ${code}:\n${output.join('')}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    child,
    output,
    stop: () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res(child.exitCode);
        child.once('exit', (code) => res(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Polls GET /health until warm-up has finished (or failed). */
export async function waitWarm(baseUrl: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as Record<string, unknown>;
    if (health.warming_up === false && (health.warming_up_finished_at || health.warming_up_error))
      return health;
    if (Date.now() > until) throw new Error(`warm-up did not finish: ${JSON.stringify(health)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
