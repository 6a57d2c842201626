import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { DesignerHostConfig } from '../common/host-config.js';
import {
  HOST_CONFIG_CHANNEL,
  IPC_CHANNELS,
  IPC_REQUEST_VALIDATORS,
  type IpcChannel,
  type IpcEvent,
  type IpcEvents,
  type IpcRequest,
  type IpcResponse,
} from '../common/ipc/ipc-contract.js';
import { APP_ORIGIN } from './resolve-app-path.js';

export type IpcHandlers = { readonly [C in IpcChannel]: (request: IpcRequest<C>) => Promise<IpcResponse<C>> };

/** Only our own page (top frame, `app://designer`) may call; anything else is a bug or an attack. */
function fromOurPage(event: IpcMainInvokeEvent | IpcMainEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && new URL(frame.url).origin === APP_ORIGIN;
}

/** Registers every channel of the contract; each payload is validated before its handler sees it. */
export function registerIpcHandlers(handlers: IpcHandlers, hostConfig: () => DesignerHostConfig): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!fromOurPage(event)) throw new Error(`IPC_FORBIDDEN_SENDER: ${channel}`);
      if (!IPC_REQUEST_VALIDATORS[channel](payload)) throw new Error(`IPC_INVALID_PAYLOAD: ${channel}`);
      return (handlers[channel] as (request: unknown) => Promise<unknown>)(payload);
    });
  }
  ipcMain.on(HOST_CONFIG_CHANNEL, (event) => {
    event.returnValue = fromOurPage(event) ? hostConfig() : null;
  });
}

export function sendEvent<E extends IpcEvent>(
  target: WebContents | undefined,
  event: E,
  payload: IpcEvents[E],
): void {
  if (target && !target.isDestroyed()) target.send(event, payload);
}
