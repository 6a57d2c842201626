import * as api from '@mapx/api';
import type { FastifyInstance } from 'fastify';
import { infoRoutes } from './info-routes.js';
import { probeRoutes } from './probe-routes.js';
import { metricsRoute } from './metrics-route.js';
import { evaluateRoute } from './evaluate-route.js';
import { mappingRoutes } from './mapping-routes.js';
import { mappingTestRoutes } from '../mapping-tests/mapping-test-routes.js';
import { recacheGuidanceRoute } from './recache-routes.js';
import { openApiRoutes } from './openapi-routes.js';
import { templateRoutes } from './template-routes.js';
import { fhirElementsRoute } from './fhir-elements-route.js';
import { designerStaticRoutes } from './designer-static.js';
import { designerConfigRoute } from './designer-config-route.js';
import { DESIGNER_DIST } from '../designer-dist.js';
import { editionOnly } from './edition-only.js';
import { authHook } from '../http/auth-hook.js';
import { buildOpenApiDocument } from '../openapi/build-document.js';
import { authContracts, coreContracts, designerRoutes, templateContracts } from './contracts.js';
import { productVersion } from '../product-version.js';
import { waitForWarmup } from '../http/wait-for-warmup.js';
import { WARMUP_FHIR } from '../services.js';

/** Every route of the service, by area; enterprise-only areas answer with an edition message in the base edition. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const { config, plugins } = app.mapx;
  const enterprise = config.edition === 'enterprise';
  const operations = [...coreContracts];
  if (enterprise) {
    await app.register(authHook(), { layer: plugins.auth, policyBuilder: plugins.policyBuilder });
    operations.push(...authContracts(plugins.auth, plugins.policyBuilder !== undefined));
  } else {
    await app.register(editionOnly(['GET', 'POST'], '/auth/*', 'the authentication endpoints'));
    await app.register(
      editionOnly(['GET'], '/.well-known/oauth-protected-resource', 'the authentication endpoints'),
    );
  }
  await app.register(infoRoutes);
  await app.register(probeRoutes);
  await app.register(metricsRoute);
  operations.push(
    api.livenessRoute,
    api.readinessRoute,
    ...(config.server.metrics ? [api.metricsRoute] : []),
  );
  await app.register(evaluateRoute);
  await app.register(mappingRoutes);
  await app.register(mappingTestRoutes);
  await app.register(recacheGuidanceRoute);
  await app.register(async (scope) => {
    scope.addHook('preHandler', waitForWarmup(scope, [WARMUP_FHIR]));
    await scope.register(fhirElementsRoute);
    if (enterprise) await scope.register(templateRoutes, { fhir: () => app.mapx.fhir.get() });
  });
  if (enterprise) {
    operations.push(...templateContracts);
  } else {
    await app.register(editionOnly(['GET'], '/Template/*', 'templates'));
  }
  if (config.designer.enabled) {
    await app.register(designerConfigRoute);
    const login = config.designer.authEnabled && plugins.auth?.browserOrigins;
    await app.register(designerStaticRoutes, {
      rootDir: DESIGNER_DIST,
      ...(login ? { connectOrigins: () => plugins.auth?.browserOrigins?.() ?? [] } : {}),
    });
    operations.push(...designerRoutes);
  }
  const bearer = enterprise && plugins.auth !== null;
  await app.register(openApiRoutes(() => buildOpenApiDocument(operations, productVersion(), { bearer })));
}
