import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_CLIENT } from '../../../../plugins/auth/test/support/test-idp.js';
import { startEmbeddedService, type EmbeddedService } from '../../src/main/embedded-service.js';
import { APP_SCHEME } from '../../src/main/resolve-app-path.js';
import { forkWithNode } from '../../src/main/service-process.js';
import { SERVICE_ENTRY, serviceEnv } from './built-service.js';

export const ADMIN_ROLE = 'mapx-admin';

/** A port that was free a moment ago: auth.yaml must name the service's own origin before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * auth.yaml of the designer tests. Mediator flow: the designer client *is* the confidential client (the code
 * it obtains is exchanged by the service with that client's secret). Running mappings needs ADMIN_ROLE.
 */
export function designerAuthYaml(
  issuer: string,
  origin: string,
  flow: 'pkce' | 'mediator',
  extraOrigins: readonly string[] = [],
): string {
  const mediator =
    flow === 'mediator'
      ? `tokenMediator:
  enabled: true
  scope: openid mapx
  corsAllowedOrigins: [${[origin, ...extraOrigins].join(', ')}]
designerClient:
  clientId: ${SERVICE_CLIENT.id}
  scope: openid mapx offline_access`
      : `designerClient:
  clientId: mapx-designer
  scope: openid mapx offline_access`;
  return `version: 1
keycloak:
  issuer: ${issuer}
  audience: mapx-api
  client:
    id: ${SERVICE_CLIENT.id}
    secret: \${MAPX_CLIENT_SECRET}
${mediator}
resource:
  url: ${origin}
  name: mapx designer test
policy:
  defaultRule: { access: authenticated }
  routes:
    - path: /designer
      methods: { GET: { access: public } }
    - path: /designer/:file
      methods: { GET: { access: public } }
    - path: /designer/assets/:file
      methods: { GET: { access: public } }
    - path: /Mapping/:mappingId
      methods: { "*": { roles: [${ADMIN_ROLE}] } }
`;
}

export interface AuthServiceOptions {
  readonly env?: Record<string, string>;
  /** More origins allowed to call the API and the token mediator (a designer hosted elsewhere). */
  readonly origins?: readonly string[];
  /** Files of the mappings folder, present before the service starts. */
  readonly files?: Record<string, string>;
}

/** Starts the real built service with auth on, on a pre-chosen port, through the embed module. */
export async function startAuthService(
  issuer: string,
  flow: 'pkce' | 'mediator',
  options: AuthServiceOptions = {},
): Promise<EmbeddedService & { folder: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const folder = await mkdtemp(join(tmpdir(), `mapx-designer-auth-${flow}-`));
  const yaml = join(folder, 'auth.yaml');
  await writeFile(yaml, designerAuthYaml(issuer, origin, flow, options.origins));
  for (const [name, content] of Object.entries(options.files ?? {}))
    await writeFile(join(folder, name), content);
  const started = await startEmbeddedService({
    entry: SERVICE_ENTRY,
    mappingsFolder: folder,
    env: serviceEnv({
      AUTH_CONFIG_PATH: yaml,
      MAPX_CLIENT_SECRET: SERVICE_CLIENT.secret,
      // the embedded service admits the desktop app's pages only; a designer hosted elsewhere is listed too
      ...(options.origins?.length
        ? { MAPX_CORS_ORIGINS: [`${APP_SCHEME}://designer`, ...options.origins].join(',') }
        : {}),
      ...options.env,
    }),
    fork: (entry, env) => forkWithNode(entry, { ...env, SERVER_PORT: String(port) }),
  });
  if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
  return Object.assign(started.service, { folder });
}
