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
  const context = await browser.newContext({ bypassCSP: true });
  await context.route(`${idp.issuer}/auth?**`, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', user);
    return route.continue({ url: url.href });
  });
  const page = await context.newPage();
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
    { const t0 = Date.now(); await expect.poll(() => page.getByRole('button', { name: /sign out/i }).count(), { timeout: 20000 }).toBe(1); console.log('SIGNOUT after', Date.now() - t0); }
    { const t1 = Date.now(); await page.getByRole('button', { name: 'Run greeting against the input' }).click(); console.log('RUNBTN after', Date.now() - t1); }
    await expect
      .poll(async () => (await page.getByRole('region', { name: 'Output' }).innerText()).replace(/\u00a0/g, ' '), { timeout: 20000 })
      .toContain('mapped by mapx');
    await page.context().close();
  });

  it('shows a clear "not allowed" to a signed-in user without the role', async () => {
    const page = await openAs(service, 'bob');
    await page.getByRole('button', { name: /sign in/i }).click();
    { const t0 = Date.now(); await expect.poll(() => page.getByRole('button', { name: /sign out/i }).count(), { timeout: 20000 }).toBe(1); console.log('SIGNOUT after', Date.now() - t0); }
    { const t1 = Date.now(); await page.getByRole('button', { name: 'Run greeting against the input' }).click(); console.log('RUNBTN after', Date.now() - t1); }
    await expect
      .poll(async () => (await page.getByRole('region', { name: 'Output' }).innerText()).replace(/\u00a0/g, ' '), { timeout: 20000 })
      .toMatch(/not allowed|forbidden/i);
    await page.context().close();
  });
});
