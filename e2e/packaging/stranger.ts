import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The environment of someone outside this repository: none of the `npm_*` variables that `npm run e2e` sets
 * (they would carry this workspace's configuration, e.g. ignore-scripts, into the stranger's npm).
 */
export function strangerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_|^FORCE_COLOR$/i.test(k)) env[k] = v;
  // plain text output, for the assertions on what `npm test` printed
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs a command in `cwd` as the stranger; rejects with its output when it fails. */
export async function sh(cwd: string, command: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, {
      cwd,
      env: strangerEnv(),
      maxBuffer: 64 << 20,
    });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} in ${cwd} failed: ${e.message}\n${e.stdout}\n${e.stderr}`);
  }
}

/** `npm install` as a stranger does it: plain, from the registry, no workspaces or links; quiet. */
export const npmInstall = (cwd: string, specs: readonly string[]) =>
  sh(cwd, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...specs]);

/** A fresh folder holding only a package.json, as `npm init -y` would leave it. */
export function newProject(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }));
  return dir;
}

export function copyFolder(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
}

export interface Served {
  readonly baseUrl: string;
  readonly output: string[];
  stop(): Promise<number | null>;
}

/** `mapx serve` from the deployment folder, through the installed bin, on a free port. */
export async function mapxServe(deployment: string, env: Record<string, string>): Promise<Served> {
  const child: ChildProcess = spawn(join(deployment, 'node_modules/.bin/mapx'), ['serve'], {
    cwd: deployment,
    env: strangerEnv({ SERVER_PORT: '0', SERVER_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const port = await new Promise<number>((res, rej) => {
    child.stdout?.on('data', (c: Buffer) => {
      output.push(c.toString());
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output.join(''));
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`mapx serve exited with ${code}:\n${output.join('')}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output,
    stop: () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res(child.exitCode);
        child.once('exit', (code) => res(code));
        child.kill('SIGTERM');
      }),
  };
}
