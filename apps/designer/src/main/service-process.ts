import { fork } from 'node:child_process';

/**
 * What the embed logic needs from a child process. Electron's `utilityProcess` and Node's `child_process`
 * both fit behind it, so the logic is tested with plain Node against the real service.
 */
/** The part of a Node or web-style output stream the embed logic reads. */
export interface OutputStream {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

export interface ServiceProcess {
  readonly stdout: OutputStream | null;
  readonly stderr: OutputStream | null;
  /** SIGTERM: the service finishes in-flight requests and exits. */
  terminate(): void;
  /** SIGKILL, after the grace period. */
  forceKill(): void;
  onExit(listener: (code: number | null) => void): void;
  hasExited(): boolean;
}

export type ForkService = (entry: string, env: Readonly<Record<string, string>>) => ServiceProcess;

/** `child_process.fork` of the service entry with the current Node (or Electron-as-Node) binary. */
export const forkWithNode: ForkService = (entry, env) => {
  const child = fork(entry, [], { env: { ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] });
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    terminate: () => void child.kill('SIGTERM'),
    forceKill: () => void child.kill('SIGKILL'),
    // 'close' rather than 'exit': the last stderr lines (the reason of a failed start) have arrived by then.
    onExit: (listener) => void child.once('close', (code) => listener(code)),
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
  };
};
