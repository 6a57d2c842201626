/** How the designer page's policy differs between where it is shown. */
export interface DesignerCspOptions {
  /** Origins the page may fetch from besides its own (the service it is connected to, an identity provider). */
  readonly connectOrigins: readonly string[];
  /** Where forms may go: the page's own origin on the web, nowhere in the desktop app. */
  readonly formAction: "'self'" | "'none'";
  /** The desktop app forbids frames too (`frame-src 'none'`). */
  readonly noFrames?: boolean;
}

/**
 * The Content-Security-Policy of the designer page, served by the service at `/designer` and set by the desktop
 * app: code only from the page's origin, no inline script, no CDN. Monaco needs inline styles; its workers are
 * same-origin files (`blob:` kept for browsers that wrap module workers).
 */
export function designerContentSecurityPolicy(options: DesignerCspOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...options.connectOrigins].join(' '),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${options.formAction}`,
    "frame-ancestors 'none'",
    ...(options.noFrames ? ["frame-src 'none'"] : []),
  ].join('; ');
}
