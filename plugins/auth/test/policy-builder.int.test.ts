import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPolicyBuilderRoute } from '../src/builder/policy-builder-route.js';
import { validateAuthConfig } from '../src/config/load-auth-config.js';
import { compilePolicy, decideAccess, resolvePolicy } from '../src/policy/policy-resolver.js';
import { loadPolicyCases } from './support/policy-cases.js';

let server: Server;
let browser: Browser;
let page: Page;
let url: string;
const requested: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  const route = createPolicyBuilderRoute();
  server = createServer((req, res) => {
    const reply = route.handle({
      method: 'GET',
      path: req.url ?? '/',
      headers: {},
      query: {},
      body: undefined,
    }) as {
      status: number;
      headers: Record<string, string>;
      body: string;
    };
    res.writeHead(reply.status, reply.headers).end(reply.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/policy/builder`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  page = await browser.newPage();
  page.on('request', (r) => requested.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => server.close(() => done()));
});

describe('policy builder page in Chromium', () => {
  it('runs its inline script under the strict CSP and makes no other request', async () => {
    await expect.poll(() => page.locator('#yaml').textContent()).toContain('policy:');
    expect(requested).toEqual([url]);
    expect(problems).toEqual([]);
  });

  it('resolves every case of the shared table exactly like the server', async () => {
    for (const c of loadPolicyCases()) {
      const compiled = compilePolicy(c.policy);
      for (const r of c.requests) {
        const inPage = await page.evaluate(
          ([policy, m, p, roles]) => {
            const api = (
              window as unknown as {
                mapxPolicyBuilder: {
                  setPolicy(d: unknown): void;
                  test(m: string, p: string, r: string[] | null): { outcome: string; route: string | null };
                };
              }
            ).mapxPolicyBuilder;
            api.setPolicy(policy);
            return api.test(m, p, roles);
          },
          [c.policy, r.method, r.path, r.caller] as const,
        );
        const res = resolvePolicy(compiled, r.method, r.path);
        const server =
          res.kind === 'bad-path'
            ? 'bad-path'
            : res.kind === 'health'
              ? 'allow'
              : decideAccess(res.rule, r.caller === null ? null : { roles: r.caller });
        expect({ case: c.file, req: `${r.method} ${r.path}`, outcome: inPage.outcome }).toEqual({
          case: c.file,
          req: `${r.method} ${r.path}`,
          outcome: server,
        });
        expect(inPage.outcome).toBe(r.expect);
      }
    }
  });

  it('edits a rule, shows the YAML, and tests a request through the form', async () => {
    await page.goto(url);
    await page.getByTestId('route-1-path').fill('/Mapping/:id');
    await page.getByTestId('route-1-rule-1-kind').selectOption('roles');
    await page.getByTestId('route-1-rule-1-roles').fill('editors, mapx-admin');
    await page.getByTestId('default-rule-kind').selectOption('public');
    const yamlText = (await page.locator('#yaml').textContent()) ?? '';
    expect(yamlText).toContain('"PUT":\n          roles: ["editors", "mapx-admin"]');
    const doc = parse(yamlText) as { policy: unknown };
    const full = {
      version: 1,
      keycloak: { issuer: 'http://idp.test' },
      designerClient: { clientId: 'c' },
      resource: { url: 'http://mapx.test', name: 'm' },
      ...doc,
    };
    const validated = validateAuthConfig(full);
    expect(validated.ok).toBe(true);
    expect(await page.locator('#mode').textContent()).toBe('auth-required');

    await page.locator('#test-method').selectOption('PUT');
    await page.locator('#test-path').fill('/mapping/abc');
    await page.locator('#test-caller').selectOption('token');
    await page.locator('#test-roles').fill('editors');
    await expect.poll(() => page.locator('#test-result').getAttribute('data-status')).toBe('200');
    await page.locator('#test-roles').fill('viewer');
    await expect.poll(() => page.locator('#test-result').getAttribute('data-status')).toBe('403');
    await page.locator('#test-caller').selectOption('none');
    await expect.poll(() => page.locator('#test-result').getAttribute('data-status')).toBe('401');
    await page.locator('#test-path').fill('/elsewhere');
    await expect
      .poll(() => page.locator('#test-result').textContent())
      .toContain('200 allow — no route matched (default)');
  });

  it('lists problems such as duplicate paths', async () => {
    await page.goto(url);
    await page.getByTestId('route-1-path').fill('/');
    await expect
      .poll(() => page.locator('#issues').textContent())
      .toContain('routes[1].path duplicates routes[0].path');
    expect(problems).toEqual([]);
  });
});
