import type { AuthState } from '../../common/ipc/ipc-contract.js';

export type { AuthState };

/**
 * The renderer's whole view of login. `onChange` calls the listener at once with the current state, then on
 * every change; it returns the unsubscribe function.
 */
export interface DesignerAuth {
  /** The bearer token to attach, renewed when close to expiry; undefined when signed out or auth is off. */
  getAccessToken(): Promise<string | undefined>;
  /** Web: navigates to the identity provider. Desktop: opens the system browser and resolves when done. */
  login(): Promise<void>;
  logout(): Promise<void>;
  onChange(listener: (state: AuthState) => void): () => void;
  /** Web: completes a login when the page is the provider's redirect (call once at start). Desktop: no-op. */
  handleRedirect(): Promise<AuthState>;
}

/** Public mode: no login, no token. */
export const DISABLED_AUTH: DesignerAuth = {
  getAccessToken: () => Promise.resolve(undefined),
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  onChange(listener) {
    listener({ status: 'disabled' });
    return () => undefined;
  },
  handleRedirect: () => Promise.resolve({ status: 'disabled' }),
};
