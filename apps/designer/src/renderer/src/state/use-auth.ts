import { useCallback, useEffect, useState } from 'react';
import type { AuthState, DesignerAuth } from '../../auth/index.js';
import { tokenUserName } from './token-user.js';

export interface AuthView {
  /** Undefined until a returning login (`?code&state`) has been completed: no service call before that. */
  readonly state: AuthState | undefined;
  readonly user?: string;
  readonly busy: boolean;
  signIn(): void;
  signOut(): void;
}

/** A login answer must be completed once per page, even when React runs effects twice (StrictMode). */
const redirects = new WeakMap<DesignerAuth, Promise<AuthState>>();

function handleRedirectOnce(auth: DesignerAuth): Promise<AuthState> {
  let pending = redirects.get(auth);
  if (!pending) {
    pending = auth.handleRedirect();
    redirects.set(auth, pending);
  }
  return pending;
}

/** The renderer's view of login: completes a returning login, follows the state, names the user. */
export function useAuth(auth: DesignerAuth): AuthView {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<AuthState | undefined>(undefined);
  const [user, setUser] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const off = auth.onChange((next) => live && setState(next));
    void handleRedirectOnce(auth).finally(() => live && setReady(true));
    return () => {
      live = false;
      off();
    };
  }, [auth]);

  const signedIn = state?.status === 'signed-in';
  useEffect(() => {
    let live = true;
    if (!signedIn) setUser(undefined);
    else void auth.getAccessToken().then((token) => live && setUser(tokenUserName(token)));
    return () => {
      live = false;
    };
  }, [auth, signedIn]);

  const run = useCallback((action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  }, []);
  const signIn = useCallback(() => run(() => auth.login()), [auth, run]);
  const signOut = useCallback(() => run(() => auth.logout()), [auth, run]);

  return { state: ready ? state : undefined, ...(user ? { user } : {}), busy, signIn, signOut };
}
