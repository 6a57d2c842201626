/** The auth layer's error catalogue: every code appears here and nowhere else. */
export const AUTH_ERROR_CODES = {
  /** auth.yaml could not be located unambiguously (both an explicit file and ./auth.yaml, or bad inline value). */
  AUTH_CONFIG_LOCATION: 'AUTH_CONFIG_LOCATION',
  /** auth.yaml could not be read or is not valid YAML. */
  AUTH_CONFIG_UNREADABLE: 'AUTH_CONFIG_UNREADABLE',
  /** A ${VAR} reference has no value and no default. */
  AUTH_CONFIG_VARIABLE: 'AUTH_CONFIG_VARIABLE',
  /** auth.yaml does not match the schema. */
  AUTH_CONFIG_INVALID: 'AUTH_CONFIG_INVALID',
  /** 401: no bearer token on a protected route. */
  AUTH_TOKEN_MISSING: 'AUTH_TOKEN_MISSING',
  /** 401: the bearer token failed verification. */
  AUTH_TOKEN_INVALID: 'AUTH_TOKEN_INVALID',
  /** 400: the Authorization header is not `Bearer <token>`, or the path has an empty segment. */
  AUTH_INVALID_REQUEST: 'AUTH_INVALID_REQUEST',
  /** 403: valid token, none of the required roles. */
  AUTH_INSUFFICIENT_ROLE: 'AUTH_INSUFFICIENT_ROLE',
  /** 503: the identity provider's discovery document or key set cannot be fetched. */
  AUTH_PROVIDER_UNAVAILABLE: 'AUTH_PROVIDER_UNAVAILABLE',
  /** 403: /auth/exchange or /auth/refresh called from an origin outside corsAllowedOrigins. */
  AUTH_ORIGIN_FORBIDDEN: 'AUTH_ORIGIN_FORBIDDEN',
  /** 400: the identity provider refused the code or refresh token (its OAuth error is passed on). */
  AUTH_GRANT_REJECTED: 'AUTH_GRANT_REJECTED',
  /** 502: the identity provider's token endpoint failed or answered garbage. */
  AUTH_PROVIDER_ERROR: 'AUTH_PROVIDER_ERROR',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES;
