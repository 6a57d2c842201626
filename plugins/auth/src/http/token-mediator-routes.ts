import type { AuthReply, AuthRequest, AuthRoute, PluginLogger } from '@mapx/plugin-api';
import type { DiscoveryCache } from '../verify/discovery-cache.js';
import { createCorsGate } from './cors-gate.js';
import { problemReply } from './problem-reply.js';

export const EXCHANGE_PATH = '/auth/exchange';
export const REFRESH_PATH = '/auth/refresh';

/**
 * Token-response fields passed to the browser. `id_token` is dropped: it is addressed to the confidential
 * client (the service), not to the browser, which reads what it needs from the access token.
 */
export const FORWARDED_TOKEN_FIELDS = [
  'access_token',
  'token_type',
  'expires_in',
  'refresh_token',
  'refresh_expires_in',
  'scope',
] as const;

export interface TokenMediatorOptions {
  readonly client: { readonly id: string; readonly secret: string };
  readonly corsAllowedOrigins: readonly string[];
  readonly discovery: DiscoveryCache;
  readonly timeoutMs: number;
  readonly logger: PluginLogger;
}

type Grant = Record<string, string>;

function stringField(body: unknown, name: string): string | undefined {
  const value = (body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {})[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function basicAuth(id: string, secret: string): string {
  // RFC 6749 §2.3.1: form-encode both parts before base64.
  const enc = (s: string) => new URLSearchParams({ s }).toString().slice(2);
  return 'Basic ' + Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64');
}

async function postGrant(options: TokenMediatorOptions, grant: Grant): Promise<AuthReply | { ok: unknown }> {
  const discovered = await options.discovery.get();
  if (!discovered.ok || discovered.doc.token_endpoint === undefined) {
    return problemReply(503, 'AUTH_PROVIDER_UNAVAILABLE', 'the identity provider is unavailable');
  }
  let status: number;
  let body: unknown;
  try {
    const res = await fetch(discovered.doc.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: basicAuth(options.client.id, options.client.secret),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(grant).toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = res.status;
    body = await res.json();
  } catch (cause) {
    options.logger.warn({ err: (cause as Error).name }, 'auth: token endpoint unreachable');
    return problemReply(502, 'AUTH_PROVIDER_ERROR', 'the identity provider token endpoint failed');
  }
  return classify(options, status, body);
}

const GRANT_REFUSED = 'the identity provider refused the grant';

/** RFC 6749 §5.2 error codes a browser may act on; anything else is reported as invalid_grant. */
const OAUTH_GRANT_ERRORS: ReadonlySet<string> = new Set([
  'invalid_request',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_scope',
]);

function classify(options: TokenMediatorOptions, status: number, body: unknown): AuthReply | { ok: unknown } {
  const error = stringField(body, 'error');
  if (status === 200 && stringField(body, 'access_token') !== undefined) return { ok: body };
  if (
    status === 400 &&
    error !== undefined &&
    error !== 'invalid_client' &&
    error !== 'unauthorized_client'
  ) {
    // the provider's own description can name users, clients or internals: it goes to the log, not the caller
    options.logger.info(
      { error, description: stringField(body, 'error_description') },
      'auth: the identity provider refused a grant',
    );
    const code = OAUTH_GRANT_ERRORS.has(error) ? error : 'invalid_grant';
    const members = { error: code, error_description: GRANT_REFUSED };
    return problemReply(400, 'AUTH_GRANT_REJECTED', GRANT_REFUSED, { members });
  }
  // invalid_client and friends mean our own client configuration is wrong: the browser cannot fix that.
  options.logger.error({ status, error }, 'auth: token endpoint refused the mediator client');
  return problemReply(502, 'AUTH_PROVIDER_ERROR', 'the identity provider refused the token request');
}

function forwardFields(body: unknown): Record<string, unknown> {
  const source = body as Record<string, unknown>;
  return Object.fromEntries(
    FORWARDED_TOKEN_FIELDS.filter((f) => source[f] !== undefined).map((f) => [f, source[f]]),
  );
}

/** POST /auth/exchange, POST /auth/refresh and their CORS preflights. Stateless: no session, no cookie. */
export function createTokenMediatorRoutes(options: TokenMediatorOptions): AuthRoute[] {
  const cors = createCorsGate(options.corsAllowedOrigins);
  const handler =
    (toGrant: (body: unknown) => Grant | string) =>
    async (req: AuthRequest): Promise<AuthReply> => {
      const refused = cors.check(req);
      if (refused !== null) return refused;
      const headers = cors.headers(req);
      const grant = toGrant(req.body);
      if (typeof grant === 'string') {
        return problemReply(400, 'AUTH_INVALID_REQUEST', grant, { headers });
      }
      const result = await postGrant(options, grant);
      if ('ok' in result)
        return {
          status: 200,
          headers: { ...headers, 'content-type': 'application/json' },
          body: forwardFields(result.ok),
        };
      return { ...result, headers: { ...result.headers, ...headers } };
    };
  const exchange = (body: unknown): Grant | string => {
    const code = stringField(body, 'code');
    const redirectUri = stringField(body, 'redirect_uri');
    if (code === undefined || redirectUri === undefined) return 'expected a JSON body { code, redirect_uri }';
    const verifier = stringField(body, 'code_verifier');
    return {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      ...(verifier === undefined ? {} : { code_verifier: verifier }),
    };
  };
  const refresh = (body: unknown): Grant | string => {
    const token = stringField(body, 'refresh_token');
    return token === undefined
      ? 'expected a JSON body { refresh_token }'
      : { grant_type: 'refresh_token', refresh_token: token };
  };
  const preflight = (req: AuthRequest) => cors.preflight(req);
  return [
    { method: 'POST', path: EXCHANGE_PATH, handle: handler(exchange) },
    { method: 'OPTIONS', path: EXCHANGE_PATH, handle: preflight },
    { method: 'POST', path: REFRESH_PATH, handle: handler(refresh) },
    { method: 'OPTIONS', path: REFRESH_PATH, handle: preflight },
  ];
}
