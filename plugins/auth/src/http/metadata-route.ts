import type { AuthRoute } from '@mapx/plugin-api';
import type { AuthConfig } from '../config/auth-config-schema.js';

export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** Where clients find the metadata: the service serves it at its own root, below resource.url. */
export function metadataUrlOf(config: AuthConfig): string {
  return config.resource.url.replace(/\/+$/, '') + METADATA_PATH;
}

/** RFC 9728 protected-resource metadata with the spec's fields. */
export function buildMetadata(config: AuthConfig): Record<string, unknown> {
  const mediator = config.tokenMediator?.enabled === true;
  const scopes = (config.tokenMediator?.scope ?? '').split(' ').filter((s) => s !== '');
  const body: Record<string, unknown> = {
    resource: config.resource.url,
    resource_name: config.resource.name,
    authorization_servers: [config.keycloak.issuer],
    scopes_supported: scopes,
    bearer_methods_supported: ['header'],
  };
  if (config.designerClient !== undefined) {
    body['mapx_designer_client'] = {
      client_id: config.designerClient.clientId,
      scope: config.designerClient.scope ?? config.tokenMediator?.scope ?? 'openid',
      token_mediator_enabled: mediator,
    };
  }
  return body;
}

export function createMetadataRoute(config: AuthConfig): AuthRoute {
  const reply = {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=300',
      // Public, non-secret data that browser clients on other origins must be able to read.
      'access-control-allow-origin': '*',
    },
    body: Object.freeze(buildMetadata(config)),
  };
  return { method: 'GET', path: METADATA_PATH, handle: () => reply };
}
