import type { ConnectionRequest, ConnectionState } from '../common/ipc/ipc-contract.js';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.js';
import type { ForkService } from './service-process.js';

export interface ConnectionManagerOptions {
  readonly serviceEntry: string;
  readonly fork?: ForkService;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** `MAPX_DESIGNER_AUTH_ENABLED` of the desktop app: login against the embedded service too. */
  readonly embedAuthEnabled: boolean;
}

/**
 * One connection at a time: the embedded service (started here, stopped on switch or quit) or a remote
 * service URL. Switching stops the previous embedded service first.
 */
export function createConnectionManager(options: ConnectionManagerOptions) {
  let state: ConnectionState = { mode: 'embed', status: 'stopped', authEnabled: options.embedAuthEnabled };
  let embedded: EmbeddedService | undefined;
  const listeners = new Set<(state: ConnectionState) => void>();
  const update = (next: ConnectionState) => {
    state = next;
    for (const listener of listeners) listener(state);
    return state;
  };

  async function stopEmbedded(): Promise<void> {
    const running = embedded;
    embedded = undefined;
    if (running) await running.stop();
  }

  async function startEmbed(mappingsFolder: string): Promise<ConnectionState> {
    const base = { mode: 'embed', mappingsFolder, authEnabled: options.embedAuthEnabled } as const;
    update({ ...base, status: 'starting' });
    const started = await startEmbeddedService({
      entry: options.serviceEntry,
      mappingsFolder,
      ...(options.env ? { env: options.env } : {}),
      ...(options.fork ? { fork: options.fork } : {}),
    });
    if (!started.ok) return update({ ...base, status: 'failed', message: started.message });
    embedded = started.service;
    started.service.onExit((code) => {
      if (embedded !== started.service) return;
      embedded = undefined;
      update({ ...base, status: 'failed', message: `the embedded service stopped (exit code ${code})` });
    });
    return update({ ...base, status: 'running', serviceBaseUrl: started.service.baseUrl });
  }

  return {
    state: () => state,
    onChange(listener: (state: ConnectionState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async apply(request: ConnectionRequest): Promise<ConnectionState> {
      await stopEmbedded();
      if (request.mode === 'embed') return startEmbed(request.mappingsFolder);
      const url = request.url.endsWith('/') ? request.url : `${request.url}/`;
      return update({
        mode: 'connect',
        remoteUrl: url,
        serviceBaseUrl: url,
        status: 'connected',
        authEnabled: request.authEnabled,
      });
    },
    stop: stopEmbedded,
  };
}

export type ConnectionManager = ReturnType<typeof createConnectionManager>;
