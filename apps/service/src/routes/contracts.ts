import type { AuthLayer } from '@mapx/plugin-api';
import * as api from '@mapx/api';
import type { HttpMethod, RouteContract } from '@mapx/api';

export { designerRoutes } from '@mapx/api';

/** The routes of the base service, as documented (with mapping sources configured). */
export const coreContracts: readonly RouteContract[] = [
  api.serverInfoRoute,
  api.healthRoute,
  api.pluginsRoute,
  api.openApiJsonRoute,
  api.apiDocsRoute,
  api.apiDocsAssetRoute,
  api.evaluateRoute,
  api.listMappingsRoute,
  api.listStandardMappingsRoute,
  api.readStandardMappingRoute,
  api.readMappingRoute,
  api.putMappingRoute,
  api.deleteMappingRoute,
  api.executeMappingRoute,
  api.executeMappingSubrouteRoute,
  api.putMappingSubrouteRoute,
  api.recacheRoute,
  api.deprecatedRecacheRoute,
  api.recacheGuidanceRoute,
  api.fhirElementsRoute,
  ...api.mappingHistoryContracts,
  ...api.mappingTestContracts,
];

export const templateContracts: readonly RouteContract[] = [
  api.templateWithoutIdRoute,
  api.listTemplatesRoute,
  api.templateRoute,
  api.templateByUrlRoute,
];

/** The auth layer's routes as the layer reports them, plus the policy builder. */
export function authContracts(layer: AuthLayer | null, policyBuilder: boolean): RouteContract[] {
  const routes = (layer?.routes ?? []).filter((r) => r.method !== 'OPTIONS');
  const contracts = routes.map((r) => api.authRouteContract(r.method as HttpMethod, r.path));
  return policyBuilder ? [...contracts, api.policyBuilderRoute] : contracts;
}
