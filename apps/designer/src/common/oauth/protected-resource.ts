import { authFailure, type AuthResult } from './auth-errors.js';
import { fetchJson, type FetchLike } from './fetch-json.js';

/** The parts of the service's RFC 9728 metadata the designer needs. */
export interface ProtectedResource {
  readonly resource: string;
  readonly authorizationServers: readonly string[];
  readonly designerClient: {
    readonly clientId: string;
    readonly scope: string;
    readonly tokenMediatorEnabled: boolean;
  };
}

export function metadataUrl(serviceBaseUrl: string): URL {
  return new URL('.well-known/oauth-protected-resource', serviceBaseUrl);
}

/** Reads `GET /.well-known/oauth-protected-resource`; a service without a designer client is a failure value. */
export async function loadProtectedResource(
  serviceBaseUrl: string,
  fetchFn: FetchLike = fetch,
): Promise<AuthResult<ProtectedResource>> {
  const got = await fetchJson(fetchFn, metadataUrl(serviceBaseUrl), {}, 'DESIGNER_AUTH_METADATA_UNAVAILABLE');
  if (!got.ok) return got;
  const body = got.value;
  const servers = body['authorization_servers'];
  const client = body['mapx_designer_client'] as Record<string, unknown> | undefined;
  if (!Array.isArray(servers) || typeof servers[0] !== 'string') {
    return authFailure('DESIGNER_AUTH_METADATA_UNAVAILABLE', 'authorization_servers is missing');
  }
  if (typeof client !== 'object' || client === null || typeof client['client_id'] !== 'string') {
    return authFailure('DESIGNER_AUTH_NO_DESIGNER_CLIENT');
  }
  return {
    ok: true,
    value: {
      resource: typeof body['resource'] === 'string' ? body['resource'] : serviceBaseUrl,
      authorizationServers: servers.filter((s): s is string => typeof s === 'string'),
      designerClient: {
        clientId: client['client_id'],
        scope: typeof client['scope'] === 'string' ? client['scope'] : 'openid',
        tokenMediatorEnabled: client['token_mediator_enabled'] === true,
      },
    },
  };
}
