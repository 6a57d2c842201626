import { BRIDGE_GLOBAL, type DesignerBridge } from '../../../common/ipc/ipc-contract.js';

/** The preload's bridge when the page runs in the desktop app; undefined in a browser. */
export function desktopBridge(): DesignerBridge | undefined {
  return (globalThis as Record<string, unknown>)[BRIDGE_GLOBAL] as DesignerBridge | undefined;
}
