import type { AuthResult } from './auth-errors.js';
import type { TokenSet } from './token-set.js';

export type AuthStatus = 'signed-out' | 'signed-in';

export interface TokenSessionOptions {
  /** Renews the tokens; undefined when no refresh is possible (e.g. no plan loaded yet). */
  readonly refresh: (refreshToken: string) => Promise<AuthResult<TokenSet>>;
  readonly now?: () => number;
  /** Renew this long before expiry, so that a token never expires in flight. */
  readonly skewMs?: number;
  readonly onTokens?: (tokens: TokenSet | undefined) => void;
}

export interface TokenSession {
  getAccessToken(): Promise<string | undefined>;
  set(tokens: TokenSet): void;
  clear(): void;
  status(): AuthStatus;
  refreshToken(): string | undefined;
  onChange(listener: (status: AuthStatus) => void): () => void;
}

/** Holds one token set; renews it on demand before expiry (single flight); clears it when renewal fails. */
export function createTokenSession(options: TokenSessionOptions): TokenSession {
  const now = options.now ?? Date.now;
  const skew = options.skewMs ?? 30_000;
  const listeners = new Set<(status: AuthStatus) => void>();
  let tokens: TokenSet | undefined;
  let renewing: Promise<string | undefined> | undefined;

  const replace = (next: TokenSet | undefined) => {
    const before = tokens === undefined;
    tokens = next;
    options.onTokens?.(next);
    if (before !== (next === undefined))
      for (const listener of listeners) listener(next ? 'signed-in' : 'signed-out');
  };

  const renew = async (refreshToken: string): Promise<string | undefined> => {
    const result = await options.refresh(refreshToken);
    replace(result.ok ? result.value : undefined);
    return result.ok ? result.value.accessToken : undefined;
  };

  return {
    async getAccessToken() {
      if (tokens === undefined) return undefined;
      if (tokens.expiresAt - skew > now()) return tokens.accessToken;
      if (tokens.refreshToken === undefined) {
        replace(undefined);
        return undefined;
      }
      renewing ??= renew(tokens.refreshToken).finally(() => (renewing = undefined));
      return renewing;
    },
    set: (next) => replace(next),
    clear: () => replace(undefined),
    status: () => (tokens ? 'signed-in' : 'signed-out'),
    refreshToken: () => tokens?.refreshToken,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
