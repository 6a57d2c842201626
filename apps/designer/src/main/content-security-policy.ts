import { designerContentSecurityPolicy } from '@mapx/api';

/**
 * CSP of the desktop renderer: code only from the app itself; network only to the service the designer is
 * connected to (the identity provider is reached by the main process, never by the page).
 */
export function buildContentSecurityPolicy(serviceOrigin: string | undefined): string {
  const connectOrigins = serviceOrigin ? [serviceOrigin] : [];
  return designerContentSecurityPolicy({ connectOrigins, formAction: "'none'", noFrames: true });
}
