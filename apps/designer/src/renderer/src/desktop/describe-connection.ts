import type { ConnectionState } from '../../../common/ipc/ipc-contract.js';

const STATUS_TEXT: Record<ConnectionState['status'], string> = {
  starting: 'starting…',
  running: 'running',
  connected: 'connected',
  stopped: 'stopped',
  failed: 'failed',
};

/** One line for the status bar: which service, and how it is doing. */
export function describeConnection(state: ConnectionState | undefined): string {
  if (!state) return 'Connection…';
  const where =
    state.mode === 'embed'
      ? `Embedded · ${state.mappingsFolder ?? 'no folder'}`
      : `Remote · ${state.remoteUrl ?? ''}`;
  return `${where} · ${STATUS_TEXT[state.status]}`;
}
