import type { DesignerHostConfig } from '../../common/host-config.js';
import { BRIDGE_GLOBAL, type DesignerBridge } from '../../common/ipc/ipc-contract.js';
import { createBridgeAuth } from './bridge-auth.js';
import { DISABLED_AUTH, type DesignerAuth } from './designer-auth.js';
import { createWebAuth } from './web-auth.js';

export type { DesignerAuth };

/**
 * The login module for the host the page runs in: public mode (no login) unless `host.authEnabled`; in
 * Electron the main process does the work through the preload bridge; on the web, redirects in this tab.
 */
export function createAuth(host: DesignerHostConfig): DesignerAuth {
  if (!host.authEnabled) return DISABLED_AUTH;
  if (host.host === 'electron') {
    const bridge = (globalThis as Record<string, unknown>)[BRIDGE_GLOBAL] as DesignerBridge | undefined;
    if (bridge) return createBridgeAuth(bridge);
  }
  return createWebAuth(host.serviceBaseUrl);
}
