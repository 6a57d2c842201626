import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../../plugins/auth/test/support/test-idp.js';
import { ADMIN_ROLE, startAuthService } from '../../apps/designer/test/support/auth-service.js';
import type { EmbeddedService } from '../../apps/designer/src/main/embedded-service.js';
import { launchChromium } from '../helpers/launch-chromium.js';
import { buildHarnessPage } from './harness/build-harness.js';

/**
 * The renderer's login module (`apps/designer/src/renderer/auth`) in real Chromium, on the service's own
 * origin at `/designer/` (the page is substituted there by the browser, so storage, the mediator's origin check
 * and the redirect URI are exactly those of the web-hosted designer), against the real service and provider.
 */
const GROUPS = { alice: [ADMIN_ROLE], bob: ['staff'] };
let idp: TestIdp;
let browser: Browser;
let harness: string;

beforeAll(async () => {
  idp = await startTestIdp(GROUPS, { nativeRedirectUris: ['http://127.0.0.1/designer/'] });
  // A page fulfilled by the test (rather than by a server) has no address, so Chromium's Local Network Access
  // would treat it as public and block its calls to the loopback provider; the real designer page is
  // served from loopback and needs no such switch.
  browser = await launchChromium(['--disable-features=LocalNetworkAccessChecks']);
  harness = await buildHarnessPage();
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
});

async function openAs(service: EmbeddedService, user: string): Promise<Page> {
  const context = await browser.newContext();
  await context.route(`${idp.issuer}/auth?**`, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', user);
    return route.continue({ url: url.href });
  });
  const designerPage = (url: URL) => url.href.startsWith(`${service.baseUrl}designer/`);
  await context.route(designerPage, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: harness }),
  );
  const page = await context.newPage();
  await page.goto(new URL('designer/', service.baseUrl).href);
  await expect.poll(() => page.locator('#ready').textContent()).toBe('ready');
  return page;
}

const text = (page: Page, id: string) => () => page.locator(`#${id}`).textContent();

describe.each(['pkce', 'mediator'] as const)('login module in Chromium, %s flow', (flow) => {
  let service: EmbeddedService & { folder: string };
  beforeAll(async () => {
    service = await startAuthService(idp.issuer, flow);
    await writeFile(join(service.folder, 'greeting.mapx'), '"mapped by mapx"');
    await fetch(new URL('$recache', service.baseUrl), { method: 'POST' });
  });
  afterAll(async () => {
    await service?.stop();
    if (service) await rm(service.folder, { recursive: true, force: true });
  });

  it('is signed out at first; the service answers 401 with a Bearer challenge', async () => {
    const page = await openAs(service, 'alice');
    expect(await text(page, 'state')()).toBe('signed-out');
    await page.click('#run');
    await expect.poll(text(page, 'output')).toMatch(/^401 .*Bearer resource_metadata=/);
    await page.context().close();
  });

  it('signs in by redirect, cleans the URL, runs the mapping with the role, signs out', async () => {
    const page = await openAs(service, 'alice');
    page.on('framenavigated', (f) => console.log('NAV', f.url()));
    page.on('console', (m) => console.log('CONSOLE', m.text()));
    await page.click('#sign-in');
    await new Promise((r) => setTimeout(r, 3000));
    console.log('URL', page.url(), (await page.content()).slice(0, 300));
    await expect.poll(text(page, 'state')).toBe('signed-in');
    expect(new URL(page.url()).search).toBe('');
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    expect(stored).toEqual(['mapx.designer.tokens']);
    await page.click('#run');
    await expect.poll(text(page, 'output')).toBe('200 "mapped by mapx" ');
    await page.reload();
    await expect.poll(text(page, 'state')).toBe('signed-in');
    await page.click('#sign-out');
    await expect.poll(text(page, 'state')).toBe('signed-out');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.context().close();
  });

  it('gives a user without the role a clear 403 insufficient_scope', async () => {
    const page = await openAs(service, 'bob');
    await page.click('#sign-in');
    await expect.poll(text(page, 'state')).toBe('signed-in');
    await page.click('#run');
    await expect.poll(text(page, 'output')).toMatch(/^403 .*AUTH_INSUFFICIENT_ROLE.*error="insufficient_scope"/);
    await page.context().close();
  });
});
