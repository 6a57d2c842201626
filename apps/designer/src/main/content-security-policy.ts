/**
 * CSP of the desktop renderer: code only from the app itself; network only to the service the designer is
 * connected to (the identity provider is reached by the main process, never by the page).
 */
export function buildContentSecurityPolicy(serviceOrigin: string | undefined): string {
  const connect = ["'self'", ...(serviceOrigin ? [serviceOrigin] : [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ');
}
