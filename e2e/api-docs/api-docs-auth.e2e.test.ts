import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_CLIENT_ID,
  REDIRECT_URI,
  authorizationCode,
  startTestIdp,
  type TestIdp,
} from '../../plugins/auth/test/support/test-idp.js';
import { ADMIN_ROLE, startAuthService } from '../../apps/designer/test/support/auth-service.js';
import type { EmbeddedService } from '../../apps/designer/src/main/embedded-service.js';
import { launchChromium } from '../helpers/launch-chromium.js';

/** An access token of the real OpenID provider for `user` (PKCE code flow without a page). */
async function accessToken(idp: TestIdp, user: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const code = await authorizationCode(idp, { clientId: PUBLIC_CLIENT_ID, user, codeChallenge: challenge });
  const res = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: PUBLIC_CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  return String(((await res.json()) as Record<string, unknown>)['access_token']);
}

/** /api-docs with auth on (every route needs a token): the page loads, takes a bearer token, and "Try it out" uses it. */
describe('interactive API documentation with auth on', () => {
  let idp: TestIdp;
  let service: EmbeddedService & { folder: string };
  let browser: Browser;

  beforeAll(async () => {
    idp = await startTestIdp({ alice: [ADMIN_ROLE] });
    service = await startAuthService(idp.issuer, 'pkce');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (service) await rm(service.folder, { recursive: true, force: true });
    await idp?.close();
  });

  it('asks for a token, then documents bearer auth and runs POST / with it', async () => {
    const anonymous = await fetch(new URL('api-docs/openapi.json', service.baseUrl));
    expect(anonymous.status).toBe(401);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/.test(msg.text())) problems.push(msg.text());
    });
    await page.goto(new URL('api-docs', service.baseUrl).href);
    await page.getByLabel('Access token').fill(await accessToken(idp, 'alice'));
    await page.getByRole('button', { name: 'Show the API' }).click();
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
    // the token given on the page is already authorised for "Try it out"
    await page.locator('.auth-wrapper .authorize.locked').waitFor();

    const operation = page.locator('#operations-Evaluation-post_');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('200');
    const curl = await operation.locator('.curl-command').innerText();
    expect(curl).toMatch(/Authorization: Bearer ey/);
    expect(problems).toEqual([]);
  });
});
