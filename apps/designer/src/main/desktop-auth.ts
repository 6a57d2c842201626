import type { AuthState } from '../common/ipc/ipc-contract.js';
import { authFailure, type AuthFailure, type AuthResult } from '../common/oauth/auth-errors.js';
import type { FetchLike } from '../common/oauth/fetch-json.js';
import { loadLoginPlan, type LoginPlan } from '../common/oauth/login-plan.js';
import { createPkcePair, randomToken } from '../common/oauth/pkce.js';
import { createTokenSession, type TokenSession } from '../common/oauth/token-session.js';
import type { TokenSet } from '../common/oauth/token-set.js';
import { startLoopbackListener } from './loopback-listener.js';
import type { RefreshTokenStore } from './refresh-token-store.js';

export interface DesktopAuthOptions {
  /** Base URL (ending with `/`) of the service the designer is connected to. */
  readonly serviceBaseUrl: string;
  /** Opens the system browser (Electron's `shell.openExternal`). */
  readonly openExternal: (url: string) => Promise<void>;
  readonly store?: RefreshTokenStore;
  readonly fetch?: FetchLike;
  readonly now?: () => number;
  readonly loginTimeoutMs?: number;
}

export interface DesktopAuth {
  state(): AuthState;
  getAccessToken(): Promise<string | undefined>;
  login(): Promise<AuthState>;
  logout(): Promise<AuthState>;
  /** Signs in silently with a persisted refresh token, when there is one. */
  restore(): Promise<AuthState>;
  onChange(listener: (state: AuthState) => void): () => void;
}

/**
 * Login for the desktop app, in the main process: the system browser runs the authorization-code flow (PKCE
 * always, RFC 8252 loopback redirect); tokens never reach the renderer except the access token on request.
 */
export function createDesktopAuth(options: DesktopAuthOptions): DesktopAuth {
  const listeners = new Set<(state: AuthState) => void>();
  let plan: LoginPlan | undefined;
  let lastError: AuthFailure | undefined;
  // Saves run one after another (a rotated refresh token must never be overwritten by an older one) and
  // login/logout/restore resolve only once theirs is on disk.
  let saving = Promise.resolve();
  const persist = (tokens: TokenSet | undefined) => {
    const save = () => options.store?.save(options.serviceBaseUrl, tokens?.refreshToken);
    saving = saving.then(save).catch(() => undefined);
  };
  const session: TokenSession = createTokenSession({
    refresh: async (refreshToken) =>
      (await ensurePlan()).ok ? plan!.refresh(refreshToken) : authFailure('DESIGNER_AUTH_TOKEN_REJECTED'),
    ...(options.now ? { now: options.now } : {}),
    onTokens: persist,
  });
  const state = (): AuthState => ({
    status: session.status(),
    ...(lastError ? { error: { code: lastError.code, message: lastError.message } } : {}),
  });
  const emit = () => {
    for (const listener of listeners) listener(state());
  };
  session.onChange(emit);
  const fail = (failure: AuthFailure): AuthState => {
    lastError = failure;
    emit();
    return state();
  };

  async function ensurePlan(): Promise<AuthResult<LoginPlan>> {
    if (plan) return { ok: true, value: plan };
    const loaded = await loadLoginPlan({
      serviceBaseUrl: options.serviceBaseUrl,
      origin: new URL(options.serviceBaseUrl).origin,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    if (loaded.ok) plan = loaded.value;
    return loaded;
  }

  return {
    state,
    getAccessToken: () => session.getAccessToken(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async login() {
      const loaded = await ensurePlan();
      if (!loaded.ok) return fail(loaded);
      const tokens = await runBrowserLogin(loaded.value, options);
      if (!tokens.ok) return fail(tokens);
      lastError = undefined;
      session.set(tokens.value);
      await saving;
      return state();
    },
    async logout() {
      lastError = undefined;
      session.clear();
      await saving;
      return state();
    },
    async restore() {
      const refreshToken = await options.store?.load(options.serviceBaseUrl);
      if (refreshToken === undefined) return state();
      const loaded = await ensurePlan();
      if (!loaded.ok) return state();
      const renewed = await loaded.value.refresh(refreshToken);
      if (renewed.ok) session.set(renewed.value);
      else persist(undefined);
      await saving;
      return state();
    },
  };
}

async function runBrowserLogin(plan: LoginPlan, options: DesktopAuthOptions): Promise<AuthResult<TokenSet>> {
  const listener = await startLoopbackListener(options.loginTimeoutMs);
  try {
    const pkce = await createPkcePair();
    const expectedState = randomToken();
    await options.openExternal(
      plan.authorizationUrl({ redirectUri: listener.redirectUri, state: expectedState, pkce }),
    );
    const answer = await listener.answer;
    if (answer === undefined) return authFailure('DESIGNER_AUTH_TIMEOUT');
    if (answer.state !== expectedState) return authFailure('DESIGNER_AUTH_STATE_MISMATCH');
    if (!answer.ok) return authFailure('DESIGNER_AUTH_DENIED', answer.description ?? answer.error);
    return await plan.exchange(answer.code, listener.redirectUri, pkce.verifier);
  } finally {
    await listener.close();
  }
}
