import type { DesignerHostConfig } from '../../common/host-config.js';

/**
 * Applies what the service publishes for its web-hosted designer (`GET /designer/config.json`) to the host
 * configuration. Anything unexpected (absent file, HTML error page, wrong types) leaves the host as it was:
 * a designer that cannot read its configuration still opens, in public mode.
 */
export function applyServedConfig(host: DesignerHostConfig, body: unknown): DesignerHostConfig {
  if (typeof body !== 'object' || body === null) return host;
  const authEnabled = (body as Record<string, unknown>)['authEnabled'];
  return typeof authEnabled === 'boolean' ? { ...host, authEnabled } : host;
}
