import type { AuthState } from '../../common/ipc/ipc-contract.js';
import { authFailure, type AuthFailure } from '../../common/oauth/auth-errors.js';
import { loadLoginPlan } from '../../common/oauth/login-plan.js';
import { createPkcePair, randomToken } from '../../common/oauth/pkce.js';
import { createTokenSession } from '../../common/oauth/token-session.js';
import type { TokenSet } from '../../common/oauth/token-set.js';
import type { DesignerAuth } from './designer-auth.js';

const PENDING_KEY = 'mapx.designer.login';
const TOKENS_KEY = 'mapx.designer.tokens';
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'iss', 'session_state'];

interface PendingLogin {
  readonly state: string;
  readonly verifier: string;
  readonly redirectUri: string;
}

function readJson<T>(storage: Storage, key: string): T | undefined {
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/**
 * The web host (`/designer/`): authorization-code flow by page redirect, PKCE always; the verifier and the
 * tokens live in this tab's sessionStorage only (gone when the tab closes, never shared with other tabs).
 */
export function createWebAuth(serviceBaseUrl: string, storage: Storage = sessionStorage): DesignerAuth {
  const base = new URL(serviceBaseUrl, location.href).href;
  const plan = () => loadLoginPlan({ serviceBaseUrl: base });
  const listeners = new Set<(state: AuthState) => void>();
  let lastError: AuthFailure | undefined;
  const session = createTokenSession({
    refresh: async (refreshToken) => {
      const loaded = await plan();
      return loaded.ok ? loaded.value.refresh(refreshToken) : loaded;
    },
    onTokens: (tokens: TokenSet | undefined) =>
      tokens ? storage.setItem(TOKENS_KEY, JSON.stringify(tokens)) : storage.removeItem(TOKENS_KEY),
  });
  const state = (): AuthState => ({
    status: session.status(),
    ...(lastError ? { error: { code: lastError.code, message: lastError.message } } : {}),
  });
  const emit = () => listeners.forEach((listener) => listener(state()));
  const stored = readJson<TokenSet>(storage, TOKENS_KEY);
  if (stored?.accessToken) session.set(stored);
  session.onChange(emit);

  const finish = async (params: URLSearchParams, pending: PendingLogin): Promise<AuthFailure | TokenSet> => {
    if (params.get('state') !== pending.state) return authFailure('DESIGNER_AUTH_STATE_MISMATCH');
    const code = params.get('code');
    if (code === null)
      return authFailure(
        'DESIGNER_AUTH_DENIED',
        params.get('error_description') ?? params.get('error') ?? '',
      );
    const loaded = await plan();
    if (!loaded.ok) return loaded;
    const tokens = await loaded.value.exchange(code, pending.redirectUri, pending.verifier);
    return tokens.ok ? tokens.value : tokens;
  };

  return {
    getAccessToken: () => session.getAccessToken(),
    async login() {
      const loaded = await plan();
      if (!loaded.ok) {
        lastError = loaded;
        return emit();
      }
      const pkce = await createPkcePair();
      const pending: PendingLogin = {
        state: randomToken(),
        verifier: pkce.verifier,
        redirectUri: location.origin + location.pathname,
      };
      storage.setItem(PENDING_KEY, JSON.stringify(pending));
      location.assign(
        loaded.value.authorizationUrl({ redirectUri: pending.redirectUri, state: pending.state, pkce }),
      );
    },
    async logout() {
      lastError = undefined;
      session.clear();
      emit();
    },
    onChange(listener) {
      listeners.add(listener);
      listener(state());
      return () => listeners.delete(listener);
    },
    async handleRedirect() {
      const url = new URL(location.href);
      const params = new URLSearchParams(url.search);
      const pending = readJson<PendingLogin>(storage, PENDING_KEY);
      if (!params.has('state') || pending === undefined) return state();
      storage.removeItem(PENDING_KEY);
      for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
      // The code is single-use, but it should not linger in history or be re-submitted on reload.
      history.replaceState(history.state, '', url.href);
      const outcome = await finish(params, pending);
      if ('ok' in outcome) lastError = outcome;
      else {
        lastError = undefined;
        session.set(outcome);
      }
      emit();
      return state();
    },
  };
}
