import { authFailure, type AuthResult } from './auth-errors.js';
import { fetchJson, type FetchLike } from './fetch-json.js';

export interface ProviderEndpoints {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly endSessionEndpoint?: string;
}

/** OpenID Connect discovery; the document must name exactly the issuer the service trusts. */
export async function discoverProvider(
  issuer: string,
  fetchFn: FetchLike = fetch,
): Promise<AuthResult<ProviderEndpoints>> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const got = await fetchJson(fetchFn, url, {}, 'DESIGNER_AUTH_DISCOVERY_FAILED');
  if (!got.ok) return got;
  const doc = got.value;
  const authorization = doc['authorization_endpoint'];
  const token = doc['token_endpoint'];
  if (doc['issuer'] !== issuer) return authFailure('DESIGNER_AUTH_DISCOVERY_FAILED', 'issuer mismatch');
  if (typeof authorization !== 'string' || typeof token !== 'string') {
    return authFailure('DESIGNER_AUTH_DISCOVERY_FAILED', 'authorization or token endpoint missing');
  }
  const endSession = doc['end_session_endpoint'];
  return {
    ok: true,
    value: {
      issuer,
      authorizationEndpoint: authorization,
      tokenEndpoint: token,
      ...(typeof endSession === 'string' ? { endSessionEndpoint: endSession } : {}),
    },
  };
}
