import { HOST_CONFIG_GLOBAL, type DesignerHostConfig } from '../../common/host-config.js';

/**
 * Where the service is. An Electron preload provides the config; in development `VITE_MAPX_SERVICE_URL`
 * points at the dev proxy; served by the service itself at `<base>/designer/`, the service is `<base>/`.
 */
export function resolveHostConfig(): DesignerHostConfig {
  const provided = (globalThis as Record<string, unknown>)[HOST_CONFIG_GLOBAL] as
    DesignerHostConfig | undefined;
  if (provided) return provided;
  const fromEnv = import.meta.env['VITE_MAPX_SERVICE_URL'] as string | undefined;
  const path = location.pathname.replace(/designer\/?[^/]*$/, '');
  return { serviceBaseUrl: fromEnv ?? new URL(path, location.origin).href, authEnabled: false, host: 'web' };
}
