import type { AuthLayer, AuthRoute, PluginLogger } from '@mapx/plugin-api';
import { POLICY_BUILDER_PATH } from './builder/policy-builder-route.js';
import type { AuthConfig } from './config/auth-config-schema.js';
import { createAuthorizer } from './http/create-authorizer.js';
import { createMetadataRoute, metadataUrlOf } from './http/metadata-route.js';
import { createTokenMediatorRoutes } from './http/token-mediator-routes.js';
import { compilePolicy, isAllPublic } from './policy/policy-resolver.js';
import { subrouteCoverageWarnings } from './policy/policy-coverage.js';
import { createBearerVerifier } from './verify/bearer-verifier.js';
import { createDiscoveryCache } from './verify/discovery-cache.js';

export interface AuthLayerOptions {
  readonly jwksCooldownMs: number;
  readonly httpTimeoutMs: number;
  readonly logger: PluginLogger;
  /** Where the configuration came from, for the start-up log line. */
  readonly origin: string;
}

function exemptions(routes: readonly AuthRoute[]): Set<string> {
  const exempt = new Set([`GET ${POLICY_BUILDER_PATH}`, `HEAD ${POLICY_BUILDER_PATH}`]);
  for (const route of routes) {
    exempt.add(`${route.method} ${route.path}`);
    if (route.method === 'GET') exempt.add(`HEAD ${route.path}`);
  }
  return exempt;
}

/** Assembles the layer from a validated auth.yaml. Discovery starts in the background, never blocking start-up. */
export function createAuthLayer(config: AuthConfig, options: AuthLayerOptions): AuthLayer {
  const { keycloak } = config;
  const mode = isAllPublic(config.policy) ? 'auth-available' : 'auth-required';
  const discovery = createDiscoveryCache({
    issuer: keycloak.issuer,
    ttlMs: keycloak.discoveryTtlSeconds * 1000,
    cooldownMs: keycloak.discoveryCooldownSeconds * 1000,
    timeoutMs: options.httpTimeoutMs,
  });
  const verifier = createBearerVerifier({
    issuer: keycloak.issuer,
    audience: keycloak.audience,
    clockToleranceSeconds: keycloak.clockToleranceSeconds,
    jwksCacheMaxAgeMs: keycloak.jwksCacheMaxAgeMs,
    jwksCooldownMs: options.jwksCooldownMs,
    timeoutMs: options.httpTimeoutMs,
    discovery,
  });
  const mediator = config.tokenMediator?.enabled === true && keycloak.client !== undefined;
  const routes: AuthRoute[] = [createMetadataRoute(config)];
  if (mediator && keycloak.client !== undefined) {
    const corsAllowedOrigins = config.tokenMediator?.corsAllowedOrigins ?? [];
    const mediatorOptions = {
      client: keycloak.client,
      corsAllowedOrigins,
      discovery,
      timeoutMs: options.httpTimeoutMs,
    };
    routes.push(...createTokenMediatorRoutes({ ...mediatorOptions, logger: options.logger }));
  }
  const authorize = createAuthorizer({
    mode,
    policy: compilePolicy(config.policy),
    verifier,
    metadataUrl: metadataUrlOf(config),
    exempt: exemptions(routes),
  });
  options.logger.info(
    {
      mode,
      source: options.origin,
      issuer: keycloak.issuer,
      routes: config.policy.routes.length,
      tokenMediator: mediator,
    },
    `auth mode: ${mode}`,
  );
  for (const warning of subrouteCoverageWarnings(config.policy)) options.logger.warn({}, warning);
  const origins = new Set([new URL(keycloak.issuer).origin]);
  if (mode === 'auth-required' || mediator) {
    void discovery.get().then((r) => {
      if (r.ok && r.doc.token_endpoint) origins.add(new URL(r.doc.token_endpoint).origin);
      if (!r.ok)
        options.logger.warn(
          { reason: r.reason },
          'auth: identity provider discovery failed; will retry on demand',
        );
    });
  }
  return { mode, authorize, routes, browserOrigins: () => [...origins], close: () => Promise.resolve() };
}
