import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../helpers/start-service.js';
export { launchChromium } from '../helpers/launch-chromium.js';

export const ARTIFACTS = join(ROOT, 'e2e/artifacts');
/** A designer tab plus the console problems it reported (CSP violations would show up here). */
export interface DesignerPage {
  readonly page: Page;
  readonly problems: string[];
}

export interface OpenOptions {
  /**
   * Hold back every `requestIdleCallback` by this long, as on a machine too busy to ever be idle. Monaco
   * tokenizes edited lines in idle callbacks, and its Enter rules depend on that; this makes the race that
   * once broke FLASH auto-indent happen every time instead of once in five runs.
   */
  readonly idleDelayMs?: number;
}

export async function openDesigner(
  browser: Browser,
  url: string,
  options: OpenOptions = {},
): Promise<DesignerPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  if (options.idleDelayMs !== undefined) {
    await context.addInitScript((delay: number) => {
      const request = window.requestIdleCallback.bind(window);
      const cancel = window.cancelIdleCallback.bind(window);
      const pending = new Map<number, { timer?: number; idle?: number }>();
      let next = 0;
      window.requestIdleCallback = (callback, opts) => {
        const id = ++next;
        const entry: { timer?: number; idle?: number } = {};
        entry.timer = window.setTimeout(() => (entry.idle = request(callback, opts)), delay);
        pending.set(id, entry);
        return id;
      };
      window.cancelIdleCallback = (id) => {
        const entry = pending.get(id);
        pending.delete(id);
        window.clearTimeout(entry?.timer);
        if (entry?.idle !== undefined) cancel(entry.idle);
      };
    }, options.idleDelayMs);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // HTTP error statuses are expected (422 while typing); policy violations and script errors are not.
    if (/Content Security Policy|Refused to/.test(message.text())) problems.push(message.text());
  });
  await page.goto(url);
  await page.getByTestId('connection-online').waitFor();
  await page.locator('[data-testid="mapx-editor"] .monaco-editor').waitFor();
  return { page, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `designer-${name}.png`) });
}

/**
 * Replaces the whole text of the Monaco editor inside `container` by pasting it: a paste is taken verbatim,
 * whereas typed newlines go through the FLASH Enter rules (auto-indent, `* ` bullets).
 */
export async function replaceEditorText(page: Page, containerTestId: string, text: string): Promise<void> {
  // A tab opened a moment ago may not have its editor focused yet, and then the paste lands nowhere: paste again
  // until the editor shows the text (bounded).
  const until = Date.now() + 15_000;
  for (;;) {
    await page.locator(`[data-testid="${containerTestId}"] .monaco-editor .view-lines`).first().click();
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    if ((await editorText(page, containerTestId)) === text) return;
    if (Date.now() > until) throw new Error(`the editor did not take the text: ${JSON.stringify(text)}`);
    await page.waitForTimeout(250);
  }
}

/** Visible text of a Monaco editor, line by line in screen order (Monaco renders spaces as U+00A0). */
export async function editorText(page: Page, containerTestId: string): Promise<string> {
  const lines = page
    .locator(`[data-testid="${containerTestId}"] .monaco-editor .view-lines`)
    .first()
    .locator('.view-line');
  const rows = await lines.evaluateAll((nodes) =>
    nodes.map((node) => ({
      top: parseFloat((node as HTMLElement).style.top || '0'),
      text: node.textContent ?? '',
    })),
  );
  return rows
    .sort((a, b) => a.top - b.top)
    .map((row) => row.text.replace(/\u00a0/g, ' '))
    .join('\n');
}
