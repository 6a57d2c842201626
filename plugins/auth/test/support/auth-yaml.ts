/** A complete, valid auth.yaml for tests; `overrides` replaces top-level sections. */
export function authYaml(issuer: string, extra = ''): string {
  return `version: 1
keycloak:
  issuer: ${issuer}
  audience: mapx-api
  client:
    id: mapx-service
    secret: \${MAPX_CLIENT_SECRET}
tokenMediator:
  enabled: true
  scope: openid mapx
  corsAllowedOrigins: [http://designer.test]
designerClient:
  clientId: mapx-designer
resource:
  url: http://mapx.test
  name: mapx test
policy:
  defaultRule: { access: authenticated }
  routes:
    - path: /
      methods: { GET: { access: public } }
    - path: /Mapping/:mappingId
      methods:
        PUT: { roles: [mapx-admin] }
${extra}`;
}
