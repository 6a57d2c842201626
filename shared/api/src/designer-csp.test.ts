import { describe, expect, it } from 'vitest';
import { designerContentSecurityPolicy } from './designer-csp.js';

describe('designerContentSecurityPolicy', () => {
  it('is the policy docs/designer.md shows for the web page', () => {
    expect(designerContentSecurityPolicy({ connectOrigins: [], formAction: "'self'" })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('in the desktop app connects to the service only, posts no form and frames nothing', () => {
    const csp = designerContentSecurityPolicy({
      connectOrigins: ['http://127.0.0.1:8080'],
      formAction: "'none'",
      noFrames: true,
    });
    expect(csp).toContain("; connect-src 'self' http://127.0.0.1:8080; ");
    expect(csp).toContain("; form-action 'none'; ");
    expect(csp.endsWith("; frame-ancestors 'none'; frame-src 'none'")).toBe(true);
  });
});
