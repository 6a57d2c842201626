import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export const REDIRECT_URI = 'http://designer.test/callback';
export const DESIGNER_ORIGIN = 'http://designer.test';
export const SERVICE_CLIENT = { id: 'mapx-service', secret: 'service-secret-0123456789' };
export const PUBLIC_CLIENT_ID = 'mapx-designer';
export const AUDIENCE = 'mapx-api';

export interface TestIdp {
  readonly issuer: string;
  readonly privateJwk: JWK;
  close(): Promise<void>;
}

/** Finishes login (user from login_hint) and consent (everything asked) without any page. */
async function handleInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    const accountId = String(details.params['login_hint'] ?? 'anonymous');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) as InstanceType<Provider['Grant']>)
    : new provider.Grant({
        accountId: details.session?.accountId ?? '',
        clientId: String(details.params['client_id']),
      });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

export interface TestIdpOptions {
  /**
   * Registers both clients as native apps (RFC 8252) with these loopback redirect URIs instead of
   * REDIRECT_URI: any port on 127.0.0.1 then matches (e.g. `http://127.0.0.1/callback`).
   */
  readonly nativeRedirectUris?: readonly string[];
}

/** Browser apps on loopback call the token endpoint from any port (a real provider lists "web origins"). */
const loopbackCors = (_ctx: KoaContextWithOIDC, origin: string) =>
  /^http:\/\/127\.0\.0\.1(:\d+)?$/.test(origin);

/**
 * A real OpenID provider (oidc-provider) on loopback: a public PKCE client, a confidential client, JWT access
 * tokens for the resource `mapx-api` carrying `memberOf`, refresh tokens.
 */
export async function startTestIdp(
  groups: Readonly<Record<string, string[]>>,
  options: TestIdpOptions = {},
): Promise<TestIdp> {
  const redirects = options.nativeRedirectUris
    ? { application_type: 'native', redirect_uris: [...options.nativeRedirectUris] }
    : { redirect_uris: [REDIRECT_URI] };
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PUBLIC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        ...redirects,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      {
        client_id: SERVICE_CLIENT.id,
        client_secret: SERVICE_CLIENT.secret,
        ...redirects,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['test-cookie-signing-key'] },
    scopes: ['openid', 'offline_access', 'mapx'],
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => 'urn:mapx:api',
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'mapx',
          audience: AUDIENCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
    extraTokenClaims: (_ctx: KoaContextWithOIDC, token: { kind: string; accountId?: string }) =>
      token.kind === 'AccessToken' ? { memberOf: groups[token.accountId ?? ''] ?? [] } : undefined,
    issueRefreshToken: (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(t: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ...(options.nativeRedirectUris ? { clientBasedCORS: loopbackCors } : {}),
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  } as ConstructorParameters<typeof Provider>[1]);
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      handleInteraction(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });
  return {
    issuer,
    privateJwk,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Drives /auth → interactions → redirect_uri with plain HTTP (a cookie jar and manual redirects). */
export async function authorizationCode(
  idp: TestIdp,
  params: { clientId: string; user: string; codeChallenge?: string },
): Promise<string> {
  const query = new URLSearchParams({
    client_id: params.clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid mapx',
    state: 'state-1',
    login_hint: params.user,
    ...(params.codeChallenge ? { code_challenge: params.codeChallenge, code_challenge_method: 'S256' } : {}),
  });
  let url = new URL(`${idp.issuer}/auth?${query.toString()}`);
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = (pair ?? '').indexOf('=');
      jar.set((pair ?? '').slice(0, eq), (pair ?? '').slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location === null)
      throw new Error(`authorization stopped at ${url.pathname}: ${res.status} ${await res.text()}`);
    url = new URL(location, url);
    if (url.href.startsWith(REDIRECT_URI)) {
      const code = url.searchParams.get('code');
      if (code === null) throw new Error(`authorization failed: ${url.search}`);
      return code;
    }
  }
  throw new Error('authorization did not finish');
}
