import { HOST_CONFIG_GLOBAL, type DesignerHostConfig } from '../../common/host-config.js';
import { applyServedConfig } from './served-config.js';

const CONFIG_TIMEOUT_MS = 5_000;

function providedByPreload(): DesignerHostConfig | undefined {
  return (globalThis as Record<string, unknown>)[HOST_CONFIG_GLOBAL] as DesignerHostConfig | undefined;
}

/**
 * Where the service is. An Electron preload provides the config; in development `VITE_MAPX_SERVICE_URL`
 * points at the dev proxy; served by the service itself at `<base>/designer/`, the service is `<base>/`.
 */
export function resolveHostConfig(): DesignerHostConfig {
  const provided = providedByPreload();
  if (provided) return provided;
  const fromEnv = import.meta.env['VITE_MAPX_SERVICE_URL'] as string | undefined;
  const path = location.pathname.replace(/designer\/?[^/]*$/, '');
  return { serviceBaseUrl: fromEnv ?? new URL(path, location.origin).href, authEnabled: false, host: 'web' };
}

/**
 * The host config plus what the serving service says (`./config.json`, beside `index.html`, so that it also
 * works behind a path prefix). The Electron preload's config is authoritative and complete; a page without
 * `config.json` (dev server, an older service) stays in public mode.
 */
export async function loadHostConfig(): Promise<DesignerHostConfig> {
  const host = resolveHostConfig();
  if (providedByPreload()) return host;
  try {
    const response = await fetch('./config.json', {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
    return response.ok ? applyServedConfig(host, await response.json()) : host;
  } catch {
    return host;
  }
}
