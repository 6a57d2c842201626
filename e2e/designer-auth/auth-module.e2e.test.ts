import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../../plugins/auth/test/support/test-idp.js';
import { ADMIN_ROLE, startAuthService } from '../../apps/designer/test/support/auth-service.js';
import type { EmbeddedService } from '../../apps/designer/src/main/embedded-service.js';
import { launchChromium } from '../helpers/launch-chromium.js';
import { buildHarnessPage, startHarnessHost, type HarnessHost } from './harness/build-harness.js';

/**
 * The renderer's login module (`apps/designer/src/renderer/auth`) in real Chromium, on a page of its own
 * loopback origin (a designer deployed apart from the service), against the real built service and a real
 * OpenID provider, in both flows.
 */
const GROUPS = { alice: [ADMIN_ROLE], bob: ['staff'] };
let idp: TestIdp;
let browser: Browser;
let host: HarnessHost;

beforeAll(async () => {
  idp = await startTestIdp(GROUPS, { nativeRedirectUris: ['http://127.0.0.1/designer/'] });
  browser = await launchChromium();
  host = await startHarnessHost();
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await idp?.close();
});

/** The test provider signs in the user named by `login_hint`; a real one would show its login form here. */
async function openAs(user: string): Promise<Page> {
  const context = await browser.newContext();
  await context.route(
    (url) => url.href.startsWith(`${idp.issuer}/auth?`),
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('login_hint', user);
      return route.continue({ url: url.href });
    },
  );
  const page = await context.newPage();
  await page.goto(host.url);
  await expect.poll(() => page.locator('#ready').textContent()).toBe('ready');
  return page;
}

const text = (page: Page, id: string) => () => page.locator(`#${id}`).textContent();

describe.each(['pkce', 'mediator'] as const)('login module in Chromium, %s flow', (flow) => {
  let service: EmbeddedService & { folder: string };
  beforeAll(async () => {
    service = await startAuthService(idp.issuer, flow, {
      origins: [host.origin],
      files: { 'greeting.mapx': '"mapped by mapx"' },
    });
    host.serve(await buildHarnessPage(service.baseUrl));
  });
  afterAll(async () => {
    await service?.stop();
    if (service) await rm(service.folder, { recursive: true, force: true });
  });

  it('is signed out at first; the service answers 401 with a Bearer challenge', async () => {
    const page = await openAs('alice');
    expect(await text(page, 'state')()).toBe('signed-out');
    await page.click('#run');
    await expect.poll(text(page, 'output')).toMatch(/^401 .*Bearer resource_metadata=/);
    await page.context().close();
  });

  it('signs in by redirect, cleans the URL, runs the mapping with the role, survives a reload, signs out', async () => {
    const page = await openAs('alice');
    await page.click('#sign-in');
    await expect.poll(text(page, 'state')).toBe('signed-in');
    expect(page.url()).toBe(host.url);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['mapx.designer.tokens']);
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
    const page = await openAs('bob');
    await page.click('#sign-in');
    await expect.poll(text(page, 'state')).toBe('signed-in');
    await page.click('#run');
    await expect
      .poll(text(page, 'output'))
      .toMatch(/^403 .*AUTH_INSUFFICIENT_ROLE.*error="insufficient_scope"/);
    await page.context().close();
  });
});
