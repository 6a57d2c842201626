import type { AuthState, DesignerBridge } from '../../common/ipc/ipc-contract.js';
import type { DesignerAuth } from './designer-auth.js';

/** Desktop: the main process logs in and holds the tokens; the page asks it for the access token. */
export function createBridgeAuth(bridge: DesignerBridge): DesignerAuth {
  return {
    getAccessToken: async () => (await bridge.invoke('auth:get-access-token', null)).token,
    login: async () => void (await bridge.invoke('auth:login', null)),
    logout: async () => void (await bridge.invoke('auth:logout', null)),
    onChange(listener: (state: AuthState) => void) {
      const off = bridge.on('auth:changed', listener);
      void bridge.invoke('auth:get-state', null).then(listener);
      return off;
    },
    handleRedirect: () => bridge.invoke('auth:get-state', null),
  };
}
