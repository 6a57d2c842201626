import { problemDetails, type AuthReply } from '@mapx/plugin-api';
import type { AuthErrorCode } from '../errors.js';

const TITLES: Partial<Record<AuthErrorCode, { slug: string; title: string }>> = {
  AUTH_TOKEN_MISSING: { slug: 'authentication-required', title: 'Authentication required' },
  AUTH_TOKEN_INVALID: { slug: 'invalid-token', title: 'Invalid bearer token' },
  AUTH_INVALID_REQUEST: { slug: 'invalid-request', title: 'Invalid request' },
  AUTH_INSUFFICIENT_ROLE: { slug: 'insufficient-role', title: 'Insufficient role' },
  AUTH_PROVIDER_UNAVAILABLE: { slug: 'provider-unavailable', title: 'Identity provider unavailable' },
  AUTH_ORIGIN_FORBIDDEN: { slug: 'origin-forbidden', title: 'Origin not allowed' },
  AUTH_GRANT_REJECTED: { slug: 'grant-rejected', title: 'Grant rejected by the identity provider' },
  AUTH_PROVIDER_ERROR: { slug: 'provider-error', title: 'Identity provider error' },
};

/** RFC 6750 §3 allows only %x20-21 / %x23-5B / %x5D-7E inside quoted auth-param values. */
export function quoteAuthParam(value: string): string {
  return value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '');
}

export function problemReply(
  status: number,
  code: AuthErrorCode,
  detail: string,
  extra: { headers?: Record<string, string>; members?: Record<string, unknown> } = {},
): AuthReply {
  const meta = TITLES[code] ?? { slug: code.toLowerCase(), title: code };
  return {
    status,
    headers: { 'content-type': 'application/problem+json', ...extra.headers },
    body: problemDetails(status, code, detail, meta, extra.members),
  };
}

/** `WWW-Authenticate: Bearer …`; `error` is omitted when the caller sent no token (RFC 6750 §3.1). */
export function bearerChallenge(metadataUrl: string, error?: string, description?: string): string {
  let value = `Bearer resource_metadata="${quoteAuthParam(metadataUrl)}"`;
  if (error !== undefined) value += `, error="${error}"`;
  if (error !== undefined && description !== undefined) {
    value += `, error_description="${quoteAuthParam(description)}"`;
  }
  return value;
}
