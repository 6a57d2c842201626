import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/launch-chromium.js';
import { startService, waitWarm, type RunningService } from '../helpers/start-service.js';

/** GET /api-docs in Chromium: Swagger UI from the service alone, every route, and a working "Try it out". */
describe('interactive API documentation (/api-docs)', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-e2e-api-docs-'));
    writeFileSync(join(folder, 'hello.mapx'), "'hello'");
    service = await startService({ MAPPINGS_FOLDER: folder });
    await waitWarm(service.baseUrl);
    browser = await launchChromium();
    page = await browser.newPage();
    // the page must work offline: anything for another origin is refused and recorded
    await page.route('**/*', (route) =>
      route.request().url().startsWith(`${service.baseUrl}/`)
        ? route.continue()
        : (foreign.push(route.request().url()), route.abort()),
    );
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    await page.goto(`${service.baseUrl}/api-docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    if (service) expect(await service.stop()).toBe(0);
  });

  it('renders every route of the OpenAPI document, from this service only', async () => {
    const doc = (await (await fetch(`${service.baseUrl}/api-docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const rendered = await page.$$eval('.opblock', (blocks) =>
      blocks.map((b) => {
        const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '?';
        const path = b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '?';
        return `${method} ${path}`;
      }),
    );
    expect(documented.length).toBeGreaterThan(25);
    expect(rendered.sort()).toEqual(documented);
    expect(foreign).toEqual([]);
    // no script error and no Content-Security-Policy violation
    expect(problems).toEqual([]);
  });

  it('"Try it out" of POST / with the HL7 v2 example answers 200 with the mapped result', async () => {
    const operation = page.locator('#operations-Evaluation-post_');
    await operation.locator('.opblock-summary').click();
    await expect
      .poll(() => operation.locator('select.examples-select__select, .examples-select select').count())
      .toBeGreaterThan(0);
    const exampleNames = await operation.locator('.examples-select select option').allTextContents();
    expect(exampleNames.join(' | ')).toMatch(/HL7 v2.*CSV.*XML/);
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('200');
    const body = await operation
      .locator('.live-responses-table .response-col_description pre')
      .first()
      .textContent();
    expect(JSON.parse(body ?? 'null')).toEqual({ event: 'A01', mrn: 'A1' });
  });
});
