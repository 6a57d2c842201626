import { authFailure, type AuthResult } from './auth-errors.js';

export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** Without `expires_in` a token is assumed short-lived, so that it is renewed rather than sent stale. */
const DEFAULT_LIFETIME_S = 60;

/** Parses an OAuth token response (from the provider or from the service's mediator). */
export function toTokenSet(
  body: Record<string, unknown>,
  now: number,
  previousRefresh?: string,
): AuthResult<TokenSet> {
  const access = body['access_token'];
  if (typeof access !== 'string' || access === '')
    return authFailure('DESIGNER_AUTH_TOKEN_REJECTED', 'no access token');
  const lifetime = typeof body['expires_in'] === 'number' ? body['expires_in'] : DEFAULT_LIFETIME_S;
  // A refresh grant may omit refresh_token: the old one stays valid (RFC 6749 §6).
  const refresh = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : previousRefresh;
  return {
    ok: true,
    value: {
      accessToken: access,
      expiresAt: now + lifetime * 1000,
      ...(refresh ? { refreshToken: refresh } : {}),
    },
  };
}
