/**
 * The one contract between the Electron main process and the renderer (through the preload bridge). Every
 * channel is listed here with its request and response types and a request validator; main validates every
 * payload with it, and the preload refuses any channel not listed.
 */

export type ConnectionMode = 'embed' | 'connect';

export interface ConnectionState {
  readonly mode: ConnectionMode;
  /** Base URL (ending with `/`) the renderer talks to; absent while the embedded service is not running. */
  readonly serviceBaseUrl?: string;
  readonly mappingsFolder?: string;
  readonly remoteUrl?: string;
  readonly status: 'starting' | 'running' | 'connected' | 'stopped' | 'failed';
  readonly message?: string;
  readonly authEnabled: boolean;
}

export type ConnectionRequest =
  | { readonly mode: 'embed'; readonly mappingsFolder: string }
  | { readonly mode: 'connect'; readonly url: string; readonly authEnabled: boolean };

export interface AuthState {
  readonly status: 'disabled' | 'signed-out' | 'signed-in';
  /** Last login failure, safe to display. */
  readonly error?: { readonly code: string; readonly message: string };
}

export interface IpcContract {
  'connection:get': { request: null; response: ConnectionState };
  'connection:set': { request: ConnectionRequest; response: ConnectionState };
  'connection:choose-folder': { request: null; response: { readonly folder?: string } };
  'auth:get-state': { request: null; response: AuthState };
  'auth:get-access-token': { request: null; response: { readonly token?: string } };
  'auth:login': { request: null; response: AuthState };
  'auth:logout': { request: null; response: AuthState };
}

export type IpcChannel = keyof IpcContract;
export type IpcRequest<C extends IpcChannel> = IpcContract[C]['request'];
export type IpcResponse<C extends IpcChannel> = IpcContract[C]['response'];

/** Main → renderer notifications. */
export interface IpcEvents {
  'auth:changed': AuthState;
  'connection:changed': ConnectionState;
}
export type IpcEvent = keyof IpcEvents;

/** Synchronous channel read once by the preload: the renderer's host configuration. */
export const HOST_CONFIG_CHANNEL = 'host:get-config';

/** Name of the bridge object the preload exposes on `window`. */
export const BRIDGE_GLOBAL = '__MAPX_DESIGNER_BRIDGE__';

export interface DesignerBridge {
  invoke<C extends IpcChannel>(channel: C, request: IpcRequest<C>): Promise<IpcResponse<C>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}

const isNull = (value: unknown): value is null => value === null;

const MAX_TEXT = 4096;
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT && !value.includes('\0');

function isHttpUrl(value: unknown): value is string {
  if (!isText(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

function isConnectionRequest(value: unknown): value is ConnectionRequest {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const keys = Object.keys(v).sort().join(',');
  if (v['mode'] === 'embed') return keys === 'mappingsFolder,mode' && isText(v['mappingsFolder']);
  if (v['mode'] === 'connect') {
    return keys === 'authEnabled,mode,url' && isHttpUrl(v['url']) && typeof v['authEnabled'] === 'boolean';
  }
  return false;
}

export const IPC_REQUEST_VALIDATORS: {
  readonly [C in IpcChannel]: (value: unknown) => value is IpcRequest<C>;
} = {
  'connection:get': isNull,
  'connection:set': isConnectionRequest,
  'connection:choose-folder': isNull,
  'auth:get-state': isNull,
  'auth:get-access-token': isNull,
  'auth:login': isNull,
  'auth:logout': isNull,
};

export const IPC_CHANNELS = Object.freeze(Object.keys(IPC_REQUEST_VALIDATORS)) as readonly IpcChannel[];
export const IPC_EVENTS: readonly IpcEvent[] = Object.freeze(['auth:changed', 'connection:changed'] as const);

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && (IPC_CHANNELS as readonly string[]).includes(value);
}

export function isIpcEvent(value: unknown): value is IpcEvent {
  return typeof value === 'string' && (IPC_EVENTS as readonly string[]).includes(value);
}
