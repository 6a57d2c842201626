import { utilityProcess } from 'electron';
import type { ForkService } from './service-process.js';

/** Electron's way to run Node code in a child: `utilityProcess.fork` (no separate Node install needed). */
export const forkWithUtilityProcess: ForkService = (entry, env) => {
  const child = utilityProcess.fork(entry, [], {
    env: { ...env },
    stdio: 'pipe',
    serviceName: 'mapx service',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    terminate: () => void child.kill(),
    forceKill: () => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    },
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
    hasExited: () => exited,
  };
};
