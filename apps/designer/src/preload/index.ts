import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { HOST_CONFIG_GLOBAL } from '../common/host-config.js';
import {
  BRIDGE_GLOBAL,
  HOST_CONFIG_CHANNEL,
  isIpcChannel,
  isIpcEvent,
  type DesignerBridge,
} from '../common/ipc/ipc-contract.js';

/**
 * The whole surface the page gets: two functions over the allow-listed channels of the contract, plus the
 * host configuration. No `ipcRenderer`, no event objects, nothing from Node.
 */
const bridge: DesignerBridge = {
  invoke(channel, request) {
    if (!isIpcChannel(channel)) return Promise.reject(new Error(`IPC_UNKNOWN_CHANNEL: ${String(channel)}`));
    return ipcRenderer.invoke(channel, request);
  },
  on(event, listener) {
    if (!isIpcEvent(event)) throw new Error(`IPC_UNKNOWN_EVENT: ${String(event)}`);
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(event, wrapped);
    return () => void ipcRenderer.removeListener(event, wrapped);
  },
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
contextBridge.exposeInMainWorld(HOST_CONFIG_GLOBAL, ipcRenderer.sendSync(HOST_CONFIG_CHANNEL) as unknown);
