/**
 * What the host (the service's `/designer/` page, or later the Electron preload) tells the renderer.
 * The preload will expose it as `window[HOST_CONFIG_GLOBAL]`; the web page derives it from its own URL.
 */
export interface DesignerHostConfig {
  /** Absolute or page-relative base URL of the mapx service, ending with `/`. */
  readonly serviceBaseUrl: string;
  /** `MAPX_DESIGNER_AUTH_ENABLED`: sign in before calling the service. */
  readonly authEnabled: boolean;
  readonly host: 'web' | 'electron';
}

export const HOST_CONFIG_GLOBAL = '__MAPX_DESIGNER_HOST__';
