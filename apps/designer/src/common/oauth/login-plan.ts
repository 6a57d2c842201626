import { authFailure, type AuthResult } from './auth-errors.js';
import { fetchJson, type FetchLike } from './fetch-json.js';
import { discoverProvider, type ProviderEndpoints } from './oidc-discovery.js';
import type { PkcePair } from './pkce.js';
import { loadProtectedResource } from './protected-resource.js';
import { toTokenSet, type TokenSet } from './token-set.js';

/** How to log in to one service: which flow, which client, and the two grants of that flow. */
export interface LoginPlan {
  readonly flow: 'mediator' | 'pkce';
  readonly clientId: string;
  readonly scope: string;
  readonly provider: ProviderEndpoints;
  authorizationUrl(params: { redirectUri: string; state: string; pkce: PkcePair }): string;
  exchange(code: string, redirectUri: string, verifier: string): Promise<AuthResult<TokenSet>>;
  refresh(refreshToken: string): Promise<AuthResult<TokenSet>>;
}

export interface LoginPlanOptions {
  readonly serviceBaseUrl: string;
  readonly fetch?: FetchLike;
  /**
   * `Origin` sent to the token mediator outside a browser (the desktop main process). Browsers set it
   * themselves and refuse to let scripts change it.
   */
  readonly origin?: string;
  readonly now?: () => number;
}

/** Reads the service metadata and the provider's discovery document, once per login. */
export async function loadLoginPlan(options: LoginPlanOptions): Promise<AuthResult<LoginPlan>> {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const metadata = await loadProtectedResource(options.serviceBaseUrl, fetchFn);
  if (!metadata.ok) return metadata;
  const issuer = metadata.value.authorizationServers[0];
  if (issuer === undefined)
    return authFailure('DESIGNER_AUTH_METADATA_UNAVAILABLE', 'no authorization server');
  const provider = await discoverProvider(issuer, fetchFn);
  if (!provider.ok) return provider;
  const { clientId, scope, tokenMediatorEnabled } = metadata.value.designerClient;
  const now = options.now ?? Date.now;
  const grant = tokenMediatorEnabled
    ? mediatorGrant(options.serviceBaseUrl, fetchFn, options.origin)
    : providerGrant(provider.value.tokenEndpoint, clientId, fetchFn);
  const post = async (kind: 'exchange' | 'refresh', body: Record<string, string>, previous?: string) => {
    const got = await grant(kind, body);
    return got.ok ? toTokenSet(got.value, now(), previous) : got;
  };
  return {
    ok: true,
    value: {
      flow: tokenMediatorEnabled ? 'mediator' : 'pkce',
      clientId,
      scope,
      provider: provider.value,
      authorizationUrl: ({ redirectUri, state, pkce }) => {
        const url = new URL(provider.value.authorizationEndpoint);
        const query = { response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope, state };
        for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
        url.searchParams.set('code_challenge', pkce.challenge);
        url.searchParams.set('code_challenge_method', pkce.method);
        return url.href;
      },
      exchange: (code, redirectUri, verifier) =>
        post('exchange', { code, redirect_uri: redirectUri, code_verifier: verifier }),
      refresh: (refreshToken) => post('refresh', { refresh_token: refreshToken }, refreshToken),
    },
  };
}

type Grant = (kind: 'exchange' | 'refresh', body: Record<string, string>) => ReturnType<typeof fetchJson>;

/** Mediator: the service holds the confidential client; the designer only relays the code (and PKCE verifier). */
function mediatorGrant(serviceBaseUrl: string, fetchFn: FetchLike, origin?: string): Grant {
  return (kind, body) =>
    fetchJson(
      fetchFn,
      new URL(kind === 'exchange' ? 'auth/exchange' : 'auth/refresh', serviceBaseUrl),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify(body),
      },
      'DESIGNER_AUTH_TOKEN_REJECTED',
    );
}

/** Direct PKCE: a public client, so the grant carries `client_id` and no secret. */
function providerGrant(tokenEndpoint: string, clientId: string, fetchFn: FetchLike): Grant {
  return (kind, body) => {
    const grantType = kind === 'exchange' ? 'authorization_code' : 'refresh_token';
    const form = new URLSearchParams({ grant_type: grantType, client_id: clientId, ...body });
    return fetchJson(
      fetchFn,
      tokenEndpoint,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      'DESIGNER_AUTH_TOKEN_REJECTED',
    );
  };
}
