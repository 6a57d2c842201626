import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../../plugins/auth/test/support/test-idp.js';
import { ADMIN_ROLE, startAuthService } from '../../apps/designer/test/support/auth-service.js';
import type { EmbeddedService } from '../../apps/designer/src/main/embedded-service.js';
import { launchChromium } from '../helpers/launch-chromium.js';

/**
 * The web-hosted designer (`/designer/`, built renderer served by the built service) logging in through the
 * service's protected-resource metadata, in real Chromium, against a real OpenID provider, in both flows.
 */
const GROUPS = { alice: [ADMIN_ROLE], bob: ['staff'] };
const MAPPING = '"mapped by mapx"';
/**
 * A sign-in is a page load, two metadata documents and a code exchange through the provider: on a busy CI
 * machine that takes seconds, far beyond expect.poll's default second. Waiting longer asserts the same thing.
 */
const ROUND_TRIP = { timeout: 20_000 };

/** The Output region as a reader sees it: Monaco draws spaces as U+00A0. */
async function outputText(page: Page): Promise<string> {
  const text = await page.getByRole('region', { name: 'Output' }).innerText();
  return text.replace(/\u00a0/g, ' ');
}
let idp: TestIdp;
let browser: Browser;

beforeAll(async () => {
  idp = await startTestIdp(GROUPS, { nativeRedirectUris: ['http://127.0.0.1/designer/'] });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
});

/** The test provider signs in the user named by `login_hint`; a real one would show its login form here. */
async function openAs(service: EmbeddedService, user: string): Promise<Page> {
  const context = await browser.newContext();
  await context.route(`${idp.issuer}/auth?**`, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', user);
    return route.continue({ url: url.href });
  });
  const page = await context.newPage();
  // A policy that keeps the page from reaching the provider would otherwise fail silently as "no Sign out".
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) console.error(`[designer page] ${message.text()}`);
  });
  await page.goto(new URL('designer/', service.baseUrl).href);
  return page;
}

describe.each(['pkce', 'mediator'] as const)('web designer login, %s flow', (flow) => {
  let service: EmbeddedService & { folder: string };
  beforeAll(async () => {
    service = await startAuthService(idp.issuer, flow, {
      env: { MAPX_DESIGNER_ENABLED: 'true', MAPX_DESIGNER_AUTH_ENABLED: 'true' },
      files: { 'greeting.mapx': MAPPING },
    });
  });
  afterAll(async () => {
    await service?.stop();
    if (service) await rm(service.folder, { recursive: true, force: true });
  });

  it('signs in from the sign-in button and runs a saved mapping as a user with the role', async () => {
    const page = await openAs(service, 'alice');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/designer/') && !url.searchParams.has('code'));
    await expect.poll(() => page.getByRole('button', { name: /sign out/i }).count(), ROUND_TRIP).toBe(1);
    await page.getByRole('button', { name: 'Run greeting against the input' }).click();
    await expect.poll(() => outputText(page), ROUND_TRIP).toContain('mapped by mapx');
    await page.context().close();
  });

  it('shows a clear "not allowed" to a signed-in user without the role', async () => {
    const page = await openAs(service, 'bob');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => page.getByRole('button', { name: /sign out/i }).count(), ROUND_TRIP).toBe(1);
    await page.getByRole('button', { name: 'Run greeting against the input' }).click();
    await expect.poll(() => outputText(page), ROUND_TRIP).toMatch(/not allowed|forbidden/i);
    await page.context().close();
  });

  it('signs out, without a blank page, when the service stops accepting the session (401)', async () => {
    const page = await openAs(service, 'alice');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => page.getByRole('button', { name: /sign out/i }).count(), ROUND_TRIP).toBe(1);
    // What the service answers once a token is no longer valid (revoked, signing keys rotated).
    await page.route(
      (url) => url.pathname === '/Mapping/greeting',
      (route) =>
        route.fulfill({
          status: 401,
          headers: {
            'content-type': 'application/problem+json',
            'www-authenticate': 'Bearer resource_metadata="x", error="invalid_token"',
          },
          body: JSON.stringify({ title: 'Invalid bearer token', status: 401, code: 'AUTH_TOKEN_INVALID' }),
        }),
    );
    await page.getByRole('button', { name: 'Run greeting against the input' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByTestId('sign-in-notice').innerText()).toContain('Your session has ended');
    expect(await page.getByRole('button', { name: /sign out/i }).count()).toBe(0);
    await expect.poll(() => outputText(page), ROUND_TRIP).toMatch(/sign-in required/i);
    await page.context().close();
  });
});
