import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { TEST_FHIR_CACHE } from './test-app.js';

export const ROOT = resolve(import.meta.dirname, '../../../..');
export const MAIN = resolve(ROOT, 'apps/service/dist/main.js');

export interface Started {
  readonly child: ChildProcess;
  readonly port: number;
  readonly baseUrl: string;
  readonly stdout: string[];
  stop(): Promise<number | null>;
}

/** Builds the service if needed (incremental). */
export function buildService(): void {
  execFileSync('npx', ['tsc', '-b', 'apps/service'], { cwd: ROOT, stdio: 'pipe' });
}

/**
 * Spawns the built service (what `npm start` runs after building) on an ephemeral port; `nodeArgs` go to node. Its
 * stdout and stderr are collected in `output` as they come.
 */
export function spawnBuiltServer(
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): { child: ChildProcess; output: string[] } {
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      SERVER_PORT: '0',
      SERVER_HOST: '127.0.0.1',
      FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE,
      // as in createTestApp: a test sees the mapping sources it configures; standard-mapping tests turn them on
      MAPX_STANDARD_MAPPINGS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

/** `spawnBuiltServer`, once it listens. */
export async function startBuiltServer(
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<Started> {
  const { child, output: stdout } = spawnBuiltServer(env, nodeArgs);
  const port = await new Promise<number>((res, rej) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(chunk.toString());
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`server exited early with ${code}: ${stdout.join('')}`)));
  });
  const stop = () =>
    new Promise<number | null>((res) => {
      if (child.exitCode !== null) return res(child.exitCode);
      child.once('exit', (code) => res(code));
      child.kill('SIGTERM');
    });
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, stdout, stop };
}
